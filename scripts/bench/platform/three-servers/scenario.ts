/**
 * The three-server run (docs/deploy.md, "Three servers under load"; issue 31's proof):
 * PostgreSQL, a bare git remote and three servers with no shared folder (setup.ts), under
 * round-robin load of pages, searches, leads and draft saves (load.ts), while, in turn:
 *
 * 1. one server is SIGKILLed mid-load, and started again;
 * 2. a stock feed is imported through one server (its clone and data folder, as
 *    `npm run import:inventory` on that machine does): how long until all three serve it;
 * 3. a draft is published through one: how long until all three serve the new page, and
 *    whether any served the old one after;
 * 4. PostgreSQL is stopped (as a crash stops it) for `outageMs`, then started: how fast
 *    requests fail meanwhile, and how long until every server takes leads again.
 *
 * Then: every acknowledged lead stored once with the id its sender was told, every
 * acknowledged draft save in the remote's draft history, the hold release of one minute run
 * once across the servers (hold-release.ts), the scheduled feed pull run once.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { importStock, loadSites } from '../../../../engine/inventory/import/import-stock.ts';
import { siteSearchKey } from '../../../../engine/search/public-access.ts';
import { CAR_INDEX } from '../../../../engine/search/car-index.ts';
import { sharedBranch } from '../../../../engine/server/draft-share.ts';
import { storedLeads } from '../../leads/client.ts';
import { benchCars, benchSites } from '../../leads/leads-mix.ts';
import {
  failures,
  lostSaves,
  outage,
  publishSpread,
  tallyLeads,
  type Failures,
  type LeadTally,
  type Outage,
  type Sighting,
} from './checks.ts';
import { holdRelease, reservableCar, type HoldRelease } from './hold-release.ts';
import { Load, SAVED_SITES, staffHeaders } from './load.ts';
import { PULLED, startPlatform, type Platform } from './setup.ts';

const root = join(import.meta.dirname, '../../../..');
const SAMPLE = join(root, 'demo/feeds/nerang-ford.csv');
const IMPORTED = { site: 'gold-coast-ford', dealership: 'nerang-ford', stocknum: 'NFU2013' };
const PUBLISHED = 'southern-motor-group';
/** How long pages are watched, once every server served the new one, for the old one. */
const WATCH_MS = 3_000;
/** The longest the run waits for every server to serve an import or a publish. */
const SPREAD_LIMIT_MS = 60_000;

export interface ScenarioOptions {
  /** Concurrent visitors (each: a page, a search, a lead, in turn). */
  visitors: number;
  /** Load between one disruption and the next. */
  phaseMs: number;
  /** How long PostgreSQL stays stopped. */
  outageMs: number;
  /** server.ts, or the same compiled. */
  serverScript?: string;
  /** Told each step as it begins. */
  progress?: (step: string) => void;
}

export interface Figures {
  options: ScenarioOptions;
  startMs: number;
  requests: Failures;
  /** Requests from the kill until the killed server answered again. */
  duringKill: Failures;
  restartMs: number;
  leads: LeadTally;
  leadsRefused: string[];
  saves: { acknowledged: number; lost: number; lastReadBack: number };
  importSpreadMs: number | undefined;
  importStale: number;
  publishSpreadMs: number | undefined;
  publishStale: number;
  outage: Outage;
  recoveryMs: number | undefined;
  holdRelease: HoldRelease;
  /** Servers that exited on their own during the run (not the one SIGKILLed). */
  crashed: number;
  feedPulls: number;
  /** Servers serving the pulled feed's cars at the end. */
  feedServedOn: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function searchHits(base: string, site: string, filters: string): Promise<number> {
  try {
    const res = await fetch(`${base}/1/indexes/*/queries`, {
      method: 'POST',
      headers: { 'x-algolia-api-key': siteSearchKey(site) },
      body: JSON.stringify({ requests: [{ indexName: CAR_INDEX, filters }] }),
      signal: AbortSignal.timeout(5_000),
    });
    return ((await res.json()) as { results: { nbHits: number }[] }).results[0].nbHits;
  } catch {
    return -1;
  }
}

/**
 * Asks every server, each on its own, again and again, whether it serves the new state, until
 * all have and `watchMs` more has passed (or SPREAD_LIMIT_MS in all). Each server is asked
 * again as soon as it answered, so a slow answer from one does not delay the sighting of
 * another.
 */
async function watch(
  bases: string[],
  fresh: (base: string) => Promise<boolean | undefined>,
  watchMs: number,
): Promise<Sighting[]> {
  const seen: Sighting[] = [];
  const start = performance.now();
  const freshOn = new Set<number>();
  let allAt = Infinity;
  const going = () => performance.now() < Math.min(allAt + watchMs, start + SPREAD_LIMIT_MS);
  await Promise.all(
    bases.map(async (base, server) => {
      while (going()) {
        const at = performance.now();
        const answer = await fresh(base);
        // No answer (refused, cut): asked again after a breath rather than in a tight loop.
        if (answer === undefined) {
          await sleep(20);
          continue;
        }
        seen.push({ server, at, fresh: answer });
        if (answer) freshOn.add(server);
        if (allAt === Infinity && freshOn.size === bases.length) allAt = performance.now();
      }
    }),
  );
  return seen;
}

async function importThroughOne(p: Platform, server: number) {
  const { sitesDir, dataDir } = p.folders[server];
  await importStock({
    sitesDir,
    dataDir,
    site: IMPORTED.site,
    dealership: IMPORTED.dealership,
    file: SAMPLE,
    databaseUrl: p.databaseUrl,
    loaded: loadSites(sitesDir),
  });
  const from = performance.now();
  const seen = await watch(
    p.bases,
    async (b) => {
      const n = await searchHits(b, IMPORTED.site, `stocknum:${IMPORTED.stocknum}`);
      return n < 0 ? undefined : n > 0;
    },
    WATCH_MS,
  );
  return publishSpread(seen, p.bases.length, from);
}

async function publishThroughOne(p: Platform, server: number) {
  const base = p.bases[server];
  const name = `Southern Motor Group, published ${Date.now()}`;
  const opened = await (
    await fetch(`${base}/api/editor/sites/${PUBLISHED}`, { headers: staffHeaders() })
  ).json();
  const saved = await fetch(`${base}/api/editor/sites/${PUBLISHED}`, {
    method: 'PUT',
    headers: staffHeaders(),
    body: JSON.stringify({
      document: { ...opened.document, name },
      baseVersion: opened.version,
    }),
  });
  if (!saved.ok) throw new Error(`the draft to publish was not saved: ${await saved.text()}`);
  const published = await fetch(`${base}/api/editor/sites/${PUBLISHED}/publish`, {
    method: 'POST',
    headers: staffHeaders('Run Publisher'),
  });
  // On a busy machine the answer may come after the server's deadline (503) while the publish
  // goes on: the spread counts from when the remote's published branch holds it.
  const answered = published.ok ? '' : `${published.status} ${await published.text()}`;
  for (let waited = 0; !publishedOnRemote(p.remote, name); waited += 100) {
    if (waited > 60_000) throw new Error(`the publish did not reach the remote: ${answered}`);
    await sleep(100);
  }
  const from = performance.now();
  const seen = await watch(
    p.bases,
    async (b) => {
      try {
        const html = await (
          await fetch(`${b}/sites/${PUBLISHED}/`, { signal: AbortSignal.timeout(5_000) })
        ).text();
        const h1 = /<h1>(.*?)<\/h1>/.exec(html)?.[1];
        return h1 === undefined ? undefined : h1 === name;
      } catch {
        return undefined;
      }
    },
    WATCH_MS,
  );
  return publishSpread(seen, p.bases.length, from);
}

function publishedOnRemote(remote: string, name: string): boolean {
  const doc = execFileSync('git', ['show', `main:${PUBLISHED}.json`], {
    cwd: remote,
    encoding: 'utf8',
  });
  return (JSON.parse(doc) as { name: string }).name === name;
}

function isAncestor(remote: string, commit: string, of: string): boolean {
  try {
    execFileSync('git', ['merge-base', '--is-ancestor', commit, of], {
      cwd: remote,
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

/** Whether the remote's draft history of the site holds the version (a commit). */
const onRemote = (remote: string, slug: string, version: string) =>
  isAncestor(remote, version, sharedBranch(slug));

/** From `from`, how long until every server's readiness says its store answers (undefined: not within a minute). */
async function readyAgain(bases: string[], from: number): Promise<number | undefined> {
  const ready = await Promise.all(
    bases.map(async (base) => {
      while (performance.now() - from < 60_000) {
        try {
          const res = await fetch(`${base}/healthz/ready`, { signal: AbortSignal.timeout(5_000) });
          if (res.ok) return performance.now();
        } catch {
          // not yet
        }
        await sleep(100);
      }
      return undefined;
    }),
  );
  return ready.every((t) => t !== undefined) ? Math.max(...ready) - from : undefined;
}

export async function runThreeServers(options: ScenarioOptions): Promise<Figures> {
  const started = performance.now();
  const step = (what: string) =>
    options.progress?.(`${((performance.now() - started) / 1000).toFixed(1)} s: ${what}`);
  step('starting PostgreSQL, the remote and three servers');
  const p = await startPlatform(options.serverScript);
  try {
    const startMs = performance.now() - started;
    // The scheduled feed is pulled as the servers start. It is let finish first: a SIGKILL of
    // the server running it would leave the pull to pg-boss's expiry, minutes later (seen once
    // on a loaded machine: the feed pulled once and served nowhere).
    step('waiting for the start-up feed pull');
    await watch(
      p.bases,
      async (b) => {
        const n = await searchHits(b, PULLED.site, 'stocknum:A100');
        return n < 0 ? undefined : n > 0;
      },
      0,
    );
    const sitesDir = p.folders[0].sitesDir;
    // Leads about cars of dealerships whose stock the run does not replace.
    const skip = new Set([IMPORTED.dealership, PULLED.dealership]);
    const cars = benchCars(sitesDir).filter((c) => !skip.has(c.dealership_slug ?? ''));
    const load = new Load(p.bases, benchSites(sitesDir, cars));
    step('load started');
    load.start(options.visitors);
    await sleep(options.phaseMs);

    // 1. SIGKILL one server mid-load; a supervisor starts it again.
    step('SIGKILL server 2');
    const killAt = performance.now();
    await p.servers[1].kill();
    await sleep(options.phaseMs / 2);
    step('starting server 2 again');
    const restartAt = performance.now();
    await p.servers[1].start();
    const restartMs = performance.now() - restartAt;
    const duringKill = failures(load.log, killAt, performance.now());
    await sleep(options.phaseMs / 2);

    // 2. A feed imported through the third server; 3. a publish through the first.
    step('import through server 3');
    const imported = await importThroughOne(p, 2);
    step('publish through server 1');
    const publish = await publishThroughOne(p, 0);
    await sleep(options.phaseMs / 2);

    // 4. PostgreSQL stopped, then started again.
    step('PostgreSQL stopped');
    const downAt = performance.now();
    p.stopDatabase();
    await sleep(options.outageMs);
    const upAt = performance.now();
    p.startDatabase();
    step('PostgreSQL started again');
    const recoveryMs = await readyAgain(p.bases, upAt);
    await sleep(options.phaseMs / 2);
    step('load stopping');
    await load.stop();
    step('counting');
    const crashed = p.servers.filter((s) => !s.up).length;
    const during = outage(load.log, downAt, upAt);

    const stored = (
      await Promise.all(
        benchSites(sitesDir, []).map((s) => storedLeads(`${p.bases[0]}/api`, s.slug)),
      )
    ).flat();
    const lost = lostSaves(load.acknowledgedSaves, (s) => onRemote(p.remote, s.slug, s.version));
    // Every server opens each draft at its last acknowledged save, or at a later one (a save
    // that went through but whose answer was lost with its server).
    let lastReadBack = 0;
    for (const slug of SAVED_SITES) {
      const last = load.acknowledgedSaves.filter((s) => s.slug === slug).at(-1);
      for (const base of p.bases) {
        const res = await fetch(`${base}/api/editor/sites/${slug}`, { headers: staffHeaders() });
        const opened = res.ok ? ((await res.json()) as { version: string }).version : undefined;
        if (last && opened && isAncestor(p.remote, last.version, opened)) lastReadBack++;
      }
    }

    step('hold release');
    const hold = await holdRelease(p.bases, p.databaseUrl, reservableCar(load.sites));
    let feedServedOn = 0;
    for (const base of p.bases)
      if ((await searchHits(base, PULLED.site, 'stocknum:A100')) > 0) feedServedOn++;

    return {
      options,
      startMs,
      requests: failures(load.log),
      duringKill,
      restartMs,
      leads: tallyLeads(load.acknowledgedLeads, stored),
      leadsRefused: load.refused,
      saves: {
        acknowledged: load.acknowledgedSaves.length,
        lost: lost.length,
        lastReadBack,
      },
      importSpreadMs: imported.everyServerMs,
      importStale: imported.staleAfterFresh,
      publishSpreadMs: publish.everyServerMs,
      publishStale: publish.staleAfterFresh,
      outage: during,
      recoveryMs,
      holdRelease: hold,
      crashed,
      feedPulls: p.feedPulls(),
      feedServedOn,
    };
  } finally {
    await p.close();
  }
}
