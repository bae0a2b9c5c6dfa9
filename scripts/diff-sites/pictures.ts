/**
 * Before and after pictures (`diff:sites --render`, `review:sites --render`): both sides
 * served by production servers in processes of their own (side-server-main.ts, React's
 * production build), the pages picture-plan.ts chooses compared and screenshot at each
 * width in headless Chromium, with each page's HTML kept beside its pictures, and the
 * index.md written. A page that renders as an error (HTTP 500, a 404 where the page
 * exists, a block that failed) is a failure the caller reports (docs/publishing.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { DocSet } from '../../engine/document/diff-sets.ts';
import { scrubSecrets } from '../../engine/document/diff-git.ts';
import {
  PAGES_PER_SITE,
  pictureIndex,
  planPictures,
  WIDTHS,
  type PagePlan,
  type Picture,
} from './picture-plan.ts';
import { ensureBuild, materialise, ROOT } from './side-server.ts';
import { changeOf } from './same-change.ts';

export interface PictureFailure {
  site: string;
  page: string;
  route: string;
  side: 'before' | 'after';
  reason: string;
}

export interface PictureRun {
  pictures: Picture[];
  /** Pages that rendered as an error (after the change: the review fails on them; before: notes too). */
  failures: PictureFailure[];
  /** What was left out and why (also in index.md). */
  notes: string[];
}

/** How long one side's server may take to start (it builds its demo stock). */
const START_TIMEOUT_MS = 180_000;

/** One side's server, in its own process so React's production build is the one loaded. */
function startSide(sitesDir: string, dataDir: string, root: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/diff-sites/side-server-main.ts'), sitesDir, dataDir],
    { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let log = '';
  const url = new Promise<string>((ok, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`a side's server did not start:\n${log}`)),
      START_TIMEOUT_MS,
    );
    child.stdout!.on('data', (c: Buffer) => {
      out += c;
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) {
        clearTimeout(timer);
        ok(JSON.parse(line).url);
      }
    });
    // Whatever the server logs goes to stderr (stdout is the report, which CI may post), secrets blanked.
    child.stderr!.on('data', (c: Buffer) => {
      log += c;
      process.stderr.write(scrubSecrets(String(c)));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`a side's server exited (${code}):\n${log.slice(-2000)}`));
    });
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.on('exit', () => done());
      child.stdin!.end();
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return { url, stop };
}

/**
 * A page's HTML without what differs between any two renders (scripts, nonces, build data),
 * and with the address of the server that rendered it (`origin`: each side has its own port,
 * which absolute links such as the canonical one carry) put as one placeholder.
 */
export function comparableHtml(html: string, origin?: string): string {
  const out = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/\snonce="[^"]*"/g, '')
    .replace(/<style\b[\s\S]*?<\/style>/gi, '');
  return origin ? out.split(origin).join('{server}') : out;
}

/** Why a rendered page is not a real picture of it, or undefined when it is. */
export function renderProblem(status: number, html: string, route: string): string | undefined {
  if (status >= 500) return `the page answered HTTP ${status} (an error page, not the page)`;
  if (status >= 400 && route !== '/this-page-does-not-exist')
    return `the page answered HTTP ${status}, though the site has it`;
  const failed = /data-block-error="([^"]*)"/.exec(html);
  if (failed) return `block ${failed[1]} failed to render`;
  return undefined;
}

/**
 * Screenshots the pages a change touches, before and after, at each width, into `outDir`,
 * with `{page}--{side}.html` beside them, and writes outDir/index.md.
 */
export async function renderPictureRun(
  before: DocSet,
  after: DocSet,
  outDir: string,
  root = ROOT,
): Promise<PictureRun> {
  const { plans, notes } = planPictures(before, after);
  mkdirSync(outDir, { recursive: true });
  const run: PictureRun = { pictures: [], failures: [], notes };
  let shown: PagePlan[] = [];
  if (plans.length) {
    ensureBuild(root);
    const tmp = mkdtempSync(join(tmpdir(), 'forecourt-diff-'));
    const sides = { before, after };
    const servers = (['before', 'after'] as const).map((side) => {
      materialise(sides[side], join(tmp, side));
      return startSide(join(tmp, side), join(tmp, `${side}-data`), root);
    });
    try {
      const urls = { before: await servers[0].url, after: await servers[1].url };
      await warmUp(plans, urls);
      shown = await choosePages(plans, urls, run);
      await screenshots(shown, urls, outDir, run);
    } finally {
      for (const s of servers) await s.stop();
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  writeFileSync(
    join(outDir, 'index.md'),
    scrubSecrets(pictureIndex(shown, run.pictures, before.label, after.label, run.notes)),
  );
  return { ...run, failures: run.failures.filter((f) => f.side === 'after') };
}

/** How long a site may take to answer its first page (its stock is made then). */
const WARM_UP_MS = 180_000;

/**
 * Asks each pictured site for a page on both sides until it answers with something other
 * than 503: a site's stock is made on its first request, which may outlast the server's
 * answer deadline on a busy machine (docs/deploy.md, "Memory and start-up").
 */
async function warmUp(plans: PagePlan[], urls: Record<'before' | 'after', string>) {
  // One page a site and side: the stock is made once a site.
  const targets = new Map<string, string>();
  for (const p of plans)
    for (const side of ['before', 'after'] as const)
      if (p[side] !== undefined && !targets.has(`${side} ${p.site}`))
        targets.set(`${side} ${p.site}`, `${urls[side]}/sites/${p.site}${p[side]}`);
  await Promise.all(
    [...targets.values()].map(async (url) => {
      const until = Date.now() + WARM_UP_MS;
      for (let wait = 250; Date.now() < until; wait = Math.min(wait * 2, 5000)) {
        const status = await fetch(url).then(
          (r) => r.status,
          () => 0,
        );
        if (status !== 503 && status !== 0) return;
        await new Promise((done) => setTimeout(done, wait));
      }
    }),
  );
}

/**
 * The pages to picture: every page whose own content changed; of the pages a site-wide
 * change may touch, those whose rendered HTML differs, one for each different difference
 * (same-change.ts), the others named in a note. At most PAGES_PER_SITE a site.
 */
async function choosePages(
  plans: PagePlan[],
  urls: Record<'before' | 'after', string>,
  run: PictureRun,
): Promise<PagePlan[]> {
  const out: PagePlan[] = [];
  const perSite = new Map<
    string,
    { shown: number; same: number; over: string[]; alike: Map<string, string[]> }
  >();
  // Compared a few pages at once (a page waits on its server as much as it works), then
  // counted in plan order, so the pages chosen are the same whatever answered first.
  const changes: Array<string | undefined> = [];
  await inLanes(plans.length, PAGES_AT_ONCE, async (i) => {
    const plan = plans[i];
    if (plan.own || !plan.before || !plan.after) return;
    const [a, b] = await Promise.all(
      (['before', 'after'] as const).map((side) =>
        fetch(`${urls[side]}/sites/${plan.site}${plan[side]}`).then((r) => r.text()),
      ),
    );
    changes[i] = changeOf(comparableHtml(a, urls.before), comparableHtml(b, urls.after));
  });
  for (const [i, plan] of plans.entries()) {
    const count = perSite.get(plan.site) ?? {
      shown: 0,
      same: 0,
      over: [],
      alike: new Map<string, string[]>(),
    };
    perSite.set(plan.site, count);
    const change = changes[i];
    if (change === '') {
      count.same++;
      continue;
    }
    // A page's own change is always pictured; a difference already pictured is named.
    const alike = change === undefined ? undefined : count.alike.get(change);
    if (alike) {
      alike.push(plan.page);
      continue;
    }
    if (count.shown >= PAGES_PER_SITE) {
      count.over.push(plan.page);
      continue;
    }
    count.shown++;
    if (change !== undefined && !plan.own) count.alike.set(change, [plan.page]);
    out.push(plan);
  }
  for (const [site, c] of perSite) {
    if (c.same) run.notes.push(`${site}: ${c.same} other pages render the same before and after`);
    for (const [first, ...others] of c.alike.values())
      if (others.length)
        run.notes.push(
          `${site}: ${others.length} more page${others.length === 1 ? '' : 's'} show the same change as ${first}, not pictured: ${others.join(', ')}`,
        );
    if (c.over.length)
      run.notes.push(
        `${site}: more pages look different than are pictured (${PAGES_PER_SITE}); not pictured: ${c.over.join(', ')}`,
      );
  }
  return out;
}

/** Pages loading and pictured at once (each spends much of its time waiting for the network to go quiet). */
const PAGES_AT_ONCE = 3;

/** Runs `work` for each index below `count`, `lanes` at a time (`lane`: which one runs it). */
async function inLanes(
  count: number,
  lanes: number,
  work: (i: number, lane: number) => Promise<void>,
) {
  let next = 0;
  const lane = async (_: unknown, n: number) => {
    for (let i = next++; i < count; i = next++) await work(i, n);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, count) }, lane));
}

async function screenshots(
  plans: PagePlan[],
  urls: Record<'before' | 'after', string>,
  outDir: string,
  run: PictureRun,
) {
  if (!plans.length) return;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  // Pages are pictured a few at a time: each waits for its network to go quiet, time the
  // processor would otherwise spend idle. Results are recorded in plan order afterwards,
  // so the index and the failures read the same whatever finished first.
  const contexts = new Map<number, BrowserContext>();
  const tasks = WIDTHS.flatMap((width) =>
    plans.flatMap((plan) =>
      (['before', 'after'] as const)
        .filter((side) => plan[side] !== undefined)
        .map((side) => ({ width, plan, side, path: plan[side]! })),
    ),
  );
  const outcomes: { picture?: Picture; problem?: string }[] = [];
  try {
    for (const width of WIDTHS)
      contexts.set(
        width,
        await browser.newContext({
          viewport: { width, height: 900 },
          deviceScaleFactor: 1,
          reducedMotion: 'reduce',
        }),
      );
    // Each lane keeps a tab per width and navigates it again: a page loaded in a new tab cost
    // Chromium about 1.5 s of CPU, one loaded in an open tab about 0.6 s (README, "Tests").
    const tabs = new Map<string, Page>();
    await inLanes(tasks.length, PAGES_AT_ONCE, async (i, lane) => {
      const { width, plan, side, path } = tasks[i];
      const tab = `${lane}@${width}`;
      const page = tabs.get(tab) ?? (await contexts.get(width)!.newPage());
      tabs.set(tab, page);
      mkdirSync(join(outDir, plan.site), { recursive: true });
      const file = join(plan.site, `${plan.page}--${side}--${width}.png`);
      try {
        const res = await page.goto(`${urls[side]}/sites/${plan.site}${path}`, {
          waitUntil: 'networkidle',
          timeout: 60_000,
        });
        const status = res?.status() ?? 0;
        const html = await page.content();
        if (width === WIDTHS[0])
          writeFileSync(join(outDir, plan.site, `${plan.page}--${side}.html`), html);
        await page.screenshot({ path: join(outDir, file), fullPage: true });
        outcomes[i] = {
          picture: { site: plan.site, page: plan.page, side, width, file, status },
          problem: renderProblem(status, html, path),
        };
      } catch (err) {
        outcomes[i] = {
          problem: `the page could not be loaded: ${(err as Error).message.split('\n')[0]}`,
        };
      } finally {
        // Nothing of this page (its timers, its requests) runs on into the next one's picture.
        await page.goto('about:blank').catch(() => tabs.delete(tab));
      }
    });
    tasks.forEach(({ plan, side, path }, i) => {
      const { picture, problem } = outcomes[i];
      if (picture) run.pictures.push(picture);
      const seen = run.failures.some(
        (f) => f.site === plan.site && f.page === plan.page && f.side === side,
      );
      if (problem && !seen)
        run.failures.push({ site: plan.site, page: plan.page, route: path, side, reason: problem });
      // A page already broken before the change is worth knowing, but not this change's failure.
      if (problem && side === 'before' && !seen)
        run.notes.push(`${plan.site} page ${plan.page} before the change: ${problem}`);
    });
  } finally {
    for (const context of contexts.values()) await context.close();
    await browser.close();
  }
}
