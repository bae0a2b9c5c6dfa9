/**
 * Where the editor's time goes while typing and dropping on a big bench page: a CPU
 * profile of the editor window and its preview (one V8 isolate: the iframe is same-origin),
 * summed by function. For finding what to make faster, not a bench (no `run`).
 *
 *   FORECOURT_DIST=<built app> npx tsx scripts/bench/editor-speed/profile.ts [blocks] [typing|drop|pickup|release]
 *   FORECOURT_DIST=<built app> npx tsx scripts/bench/editor-speed/profile.ts demo [n]
 *
 * `demo`: typing into the demo site's real blocks as the bench does (demo-blocks.ts), the
 * n-th of DEMO_FIELDS (default 1: the home hero's button label).
 */
import { launch } from '../../../tests/browser/chromium.ts';
import { DEMO_FIELDS, DEMO_SITE } from './demo-blocks.ts';
import { benchBlocks, benchSite } from './pages.ts';
import { revealRow } from './probes.ts';
import { editorPage, startEditorServer } from './serve.ts';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const demo = process.argv[2] === 'demo' ? DEMO_FIELDS[Number(process.argv[3] ?? 1)] : undefined;
const total = demo ? 0 : Number(process.argv[2] ?? 1000);
const what = demo ? 'typing' : (process.argv[3] ?? 'typing');
const slug = demo ? DEMO_SITE : `bench-editor-${total}`;
const server = await startEditorServer(demo ? {} : { [slug]: benchSite(slug, total) });
const browser = await launch();
try {
  const page = await editorPage(browser, { timeout: 120_000 });
  await page.goto(`${server.base}/editor/?site=${slug}&page=${demo?.page ?? 'home'}`);
  await page.locator('.fc-tree > li[data-row]').first().waitFor({ state: 'attached' });
  await page.waitForTimeout(3000);
  const target = demo?.block ?? 'hero-target';
  await page.evaluate(revealRow(target));
  const row = page.locator(`[data-row="${target}"] .fc-row-main`);
  await row.scrollIntoViewIfNeeded();
  await row.click();
  await page.locator(`#${demo?.field ?? 'root_heading'}`).click();
  await page.keyboard.press('End');
  await page.waitForTimeout(2000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const start = () => cdp.send('Profiler.start');
  if (what !== 'release') await start();
  if (what === 'typing')
    await page.keyboard.type(' for three years on every new car', { delay: 30 });
  else {
    const [first, , third] = benchBlocks(total)
      .find((b) => b.id === 'section-20')!
      .children!.map((c) => c.id);
    await page.evaluate(revealRow(first));
    const handle = page.locator(`[data-row="${first}"] .fc-handle`);
    await handle.scrollIntoViewIfNeeded();
    const h = (await handle.boundingBox())!;
    const t = (await page.locator(`[data-row="${third}"]`).boundingBox())!;
    await page.mouse.move(h.x + 5, h.y + 5);
    await page.mouse.down();
    await page.mouse.move(h.x + 9, h.y + 17, { steps: 4 });
    if (what === 'pickup') {
      // Only the pick-up: the press, the first moves that start the drag, and what follows them.
      await page.waitForTimeout(500);
    } else {
      await page.mouse.move(h.x + 5, t.y + 4, { steps: 12 });
      await page.waitForTimeout(200);
      // Only the drop: from just before the release.
      if (what === 'release') await start();
      await page.mouse.up();
    }
  }
  await page.waitForTimeout(what === 'release' ? 100 : 1500);
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
  // UNDER=<function name>: only the samples with that function on the stack (the key's own
  // event, say, or the store's held listeners: `tellRest`).
  const under = process.env.UNDER;
  const within = (id: number) => {
    if (!under) return true;
    for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n))
      if (nodeById.get(n)?.callFrame.functionName === under) return true;
    return false;
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (within(id)) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const sums = new Map<string, number>();
  for (const n of profile.nodes) {
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
    sums.set(key, (sums.get(key) ?? 0) + (self.get(n.id) ?? 0));
  }
  const { readFileSync, readdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const dist = process.env.FORECOURT_DIST ?? '';
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.js')) files.set(e.name, join(dir, e.name));
    }
  };
  if (dist) walk(join(dist, 'client'));
  const snippet = (key: string) => {
    const m = key.match(/ (\S+\.js):(\d+):(\d+)$/);
    const file = m && files.get(m[1]);
    if (!file) return '';
    const line = readFileSync(file, 'utf8').split('\n')[Number(m[2])] ?? '';
    return line.slice(Number(m[3]), Number(m[3]) + 90).replace(/\s+/g, ' ');
  };
  // Who forces layout: the callers (three frames up) of getBoundingClientRect, or of the
  // function named by CALLERS=<function> (its time with callees).
  const callee = process.env.CALLERS ?? 'getBoundingClientRect';
  const parent = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const callers = new Map<string, number>();
  // Each profile node's time with everything under it in the profile.
  const subtree = new Map<number, number>();
  for (const [id, us] of self)
    for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n))
      subtree.set(n, (subtree.get(n) ?? 0) + us);
  const below = (n: ProfileNode) => subtree.get(n.id) ?? 0;
  for (const n of profile.nodes) {
    if (n.callFrame.functionName !== callee) continue;
    const chain: string[] = [];
    for (let p = parent.get(n.id); p && chain.length < 4; p = parent.get(p.id))
      chain.push(
        `${p.callFrame.functionName}@${p.callFrame.url.split('/').pop()}:${p.callFrame.columnNumber}`,
      );
    callers.set(chain.join(' < '), (callers.get(chain.join(' < ')) ?? 0) + below(n));
  }
  // Inclusive time (a function and what it called), each sample counted once per function.
  const inclusive = new Map<string, number>();
  const keyOf = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let n = byId.get(id); n; n = parent.get(n.id)) {
      const k = keyOf(n);
      if (seen.has(k) || !n.callFrame.url) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  if (process.env.INCLUSIVE)
    console.log(
      [...inclusive]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 60)
        .map(([k, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms incl  ${k}  | ${snippet(k)}`)
        .join('\n'),
    );
  console.log(
    [...callers]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${callee} < ${k}`)
      .join('\n'),
  );
  console.log(
    [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([k, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${k}  | ${snippet(k)}`)
      .join('\n'),
  );
} finally {
  await browser.close();
  await server.stop();
}
