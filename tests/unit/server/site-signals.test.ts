/**
 * Site change announcements between servers (engine/server/site-signals.ts; docs/deploy.md,
 * "Caching"): two servers' channels on one PostgreSQL database. A publish or a stock change
 * announced by one reaches the other's handler with the sites it names, never its own; a
 * malformed announcement is ignored; without PostgreSQL nothing is sent and nothing fails.
 * Skipped, saying so, without PostgreSQL's binaries.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITES_CHANNEL, SiteSignals } from '../../../engine/server/site-signals.ts';
import { POSTGRES_MISSING } from '../../setup/postgres.ts';
import { postgresAvailable, postgresDatabaseFor } from '../api/harness.ts';

/** Resolves with what a handler receives next. */
function recorder() {
  const seen: { kind: string; slugs: string[] }[] = [];
  const waiters: (() => void)[] = [];
  const handler = (kind: string) => (slugs: string[]) => {
    seen.push({ kind, slugs });
    waiters.splice(0).forEach((w) => w());
  };
  return {
    seen,
    handlers: { published: handler('published'), stock: handler('stock') },
    next: () => new Promise<void>((r) => waiters.push(r)),
  };
}

describe.skipIf(!postgresAvailable)('site signals on PostgreSQL', () => {
  let sqlA: Sql;
  let sqlB: Sql;
  const a = recorder();
  const b = recorder();
  let one: SiteSignals;
  let two: SiteSignals;

  beforeAll(async () => {
    const url = await postgresDatabaseFor(mkdtempSync(join(tmpdir(), 'forecourt-signals-')));
    sqlA = postgres(url, { max: 2, onnotice: () => {} });
    sqlB = postgres(url, { max: 2, onnotice: () => {} });
    one = await new SiteSignals(sqlA, a.handlers).start();
    two = await new SiteSignals(sqlB, b.handlers).start();
  }, 120_000);

  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await sqlA?.end({ timeout: 1 });
    await sqlB?.end({ timeout: 1 });
  });

  it("a publish and a stock change reach the other server's handler, not the sender's", async () => {
    let heard = b.next();
    await one.published(['southern-motor-group']);
    await heard;
    heard = b.next();
    await one.stockChanged(['kiwi-car-yard']);
    await heard;
    expect(b.seen).toEqual([
      { kind: 'published', slugs: ['southern-motor-group'] },
      { kind: 'stock', slugs: ['kiwi-car-yard'] },
    ]);
    // A round trip the other way: by then the sender would have heard its own, if it could.
    const back = a.next();
    await two.stockChanged();
    await back;
    expect(a.seen).toEqual([{ kind: 'stock', slugs: [] }]);
  });

  it('ignores an announcement that is not one', async () => {
    const before = b.seen.length;
    await sqlA`SELECT pg_notify(${SITES_CHANNEL}, 'not json')`;
    await sqlA`SELECT pg_notify(${SITES_CHANNEL}, ${JSON.stringify({ from: 'x', kind: 'drop' })})`;
    const heard = b.next();
    await one.published(['after']);
    await heard;
    expect(b.seen.slice(before)).toEqual([{ kind: 'published', slugs: ['after'] }]);
  });
});

if (!postgresAvailable) describe.skip(`site signals skipped: ${POSTGRES_MISSING}`, () => {});

describe('site signals without PostgreSQL', () => {
  it('send nothing and fail nothing', async () => {
    const r = recorder();
    const alone = await new SiteSignals(undefined, r.handlers).start();
    await alone.published(['southern-motor-group']);
    await alone.stockChanged();
    await alone.stop();
    expect(r.seen).toEqual([]);
  });
});
