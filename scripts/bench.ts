/**
 * npm run bench: every benchmark in scripts/bench/*.ts, each measured against its peer
 * in the same run and printed as figures plus ratios. `npm run bench -- render` runs one;
 * a name also runs its family (`editor`: editor.ts and editor-speed.ts). With `--check`, a
 * bench that has aims (editor-speed.ts) fails the run when one is missed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

process.env.NODE_ENV = 'production';
const dir = join(import.meta.dirname, 'bench');
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((name) => !only.length || only.some((o) => name === o || name.startsWith(`${o}-`)))
  .sort();

let failed = false;
for (const name of benches) {
  try {
    const mod = (await import(join(dir, `${name}.ts`))) as { run?: () => Promise<string> };
    if (!mod.run) continue; // a helper module (serve.ts), not a bench
    console.log(`\n=== ${name} ===`);
    console.log(await mod.run());
  } catch (err) {
    failed = true;
    console.error(`bench ${name} failed:`, err);
  }
}
process.exit(failed ? 1 : 0);
