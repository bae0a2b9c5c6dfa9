/**
 * Three servers under load (docs/deploy.md, "Three servers under load"; issue 31's proof):
 * PostgreSQL, a bare git remote and three servers with no shared folder, under round-robin
 * pages, searches, leads and draft saves, while one server is SIGKILLed, a feed is imported
 * through one, a draft published through one and PostgreSQL stopped for 10 s
 * (platform/three-servers/scenario.ts). Prints every figure beside its aim and a verdict.
 *
 * Part of `npm run bench -- platform`; alone: `npm run bench -- platform-three-servers`.
 * The servers run compiled once (as the build runs them: no transpiling at each start),
 * with the validators and sanitised rich text made ahead, as `npm run build` makes them.
 */
import { loadavg } from 'node:os';
import setupCompiled from '../../tests/setup/compiled-once.ts';
import { bundledScript } from '../../tests/unit/bundled-script.ts';
import { runThreeServers } from './platform/three-servers/scenario.ts';
import { checks, formatFigures } from './platform/three-servers/report.ts';
import { postgresBinDir, POSTGRES_MISSING } from '../../tests/setup/postgres.ts';

export const FULL_RUN = { visitors: 6, phaseMs: 10_000, outageMs: 10_000 };

export async function run(): Promise<string> {
  if (!postgresBinDir()) return `not run: ${POSTGRES_MISSING}`;
  const removeCompiled = setupCompiled();
  const server = await bundledScript('scripts/bench/platform/three-servers/server.ts');
  try {
    const figures = await runThreeServers({
      ...FULL_RUN,
      serverScript: server.file,
      progress: (step) => console.error(`[three servers] ${step}`),
    });
    const text = `${formatFigures(figures)}\n(load average ${loadavg()[0].toFixed(1)})`;
    // A missed aim fails the bench (npm run bench exits 1), its figures in the message.
    if (!checks(figures).every((c) => c.ok)) throw new Error(`an aim was missed:\n${text}`);
    return text;
  } finally {
    server.remove();
    removeCompiled?.();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.NODE_ENV = 'production';
  console.log(await run());
}
