/**
 * The runbook's compose.yaml (docs/deploy.md, "Runbook: three servers with compose"), read as
 * compose reads it (merge keys included), since no test here can start Docker: three servers
 * with no folder shared between them, every variable they are given one the code reads, the
 * proxy and compose checking the real readiness route, and compose waiting longer than the
 * drain before it kills a server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_SECONDS } from '../../../engine/server/drain.ts';
import { HEALTH_PATHS } from '../../../engine/server/health.ts';
import { ROOT } from '../api/harness.ts';

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  stop_grace_period?: string;
  healthcheck?: { test: string[] };
}
interface Compose {
  services: Record<string, Service>;
  configs: Record<string, { content: string }>;
}

const compose = load(readFileSync(join(ROOT, 'compose.yaml'), 'utf8'), {
  schema: CORE_SCHEMA.withTags(mergeTag),
}) as Compose;
const servers = Object.entries(compose.services).filter(([, s]) => s.build);

/** Every environment variable the platform's code reads by name (`env.X`, `process.env.X`, `env['X']`). */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const files = [
    'server.ts',
    ...(readdirSync(join(ROOT, 'engine'), { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join('engine', f)),
  ];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]*)/g)) names.add(m[1]);
  }
  return names;
}

/** Seconds in a compose duration ("1m30s", "50s"). */
function seconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(h|m|s|ms)/g)];
  expect(parts.map((p) => p[0]).join('')).toBe(duration);
  const unit = { h: 3600, m: 60, s: 1, ms: 0.001 } as const;
  return parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u as keyof typeof unit], 0);
}

describe('compose.yaml', () => {
  it('runs three servers of one image, with no volume among them', () => {
    expect(servers.map(([name]) => name)).toEqual(['server-1', 'server-2', 'server-3']);
    for (const [, server] of servers) {
      expect(server.image).toBe(servers[0][1].image);
      expect(server.volumes ?? []).toEqual([]);
    }
  });

  it('gives the servers only variables the code reads, the database, the remote and the secrets among them', () => {
    const read = variablesRead();
    for (const [name, server] of servers) {
      const given = Object.keys(server.environment ?? {});
      expect(given, name).toEqual(
        expect.arrayContaining([
          'DATABASE_URL',
          'FORECOURT_GIT_REMOTE',
          'FORECOURT_STAFF_TOKEN',
          'FORECOURT_EDITOR_TOKEN',
        ]),
      );
      expect(
        given.filter((v) => !read.has(v)),
        `${name} sets variables no code reads`,
      ).toEqual([]);
      // Secrets come from .env or the shell, never from the file itself.
      for (const secret of ['FORECOURT_STAFF_TOKEN', 'FORECOURT_EDITOR_TOKEN'])
        expect(server.environment![secret]).toMatch(/^\$\{\w+:\?[^}]+\}$/);
      expect(server.environment!.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
    }
  });

  it('has the proxy and compose check the readiness route', () => {
    const caddy = compose.configs.caddyfile.content;
    expect(caddy).toMatch(/reverse_proxy server-1:4173 server-2:4173 server-3:4173 \{/);
    expect(caddy).toMatch(/^\s*lb_policy round_robin$/m);
    expect(caddy).toContain(`health_uri ${HEALTH_PATHS.ready}\n`);
    for (const [, server] of servers)
      expect(server.healthcheck?.test.join(' ')).toContain(`:4173${HEALTH_PATHS.ready}'`);
  });

  it('waits longer than the drain deadline before it kills a server', () => {
    for (const [name, server] of servers) {
      const drain = Number(server.environment?.FORECOURT_DRAIN_SECONDS ?? DEFAULT_DRAIN_SECONDS);
      expect(seconds(server.stop_grace_period ?? '10s'), name).toBeGreaterThan(drain);
    }
  });
});
