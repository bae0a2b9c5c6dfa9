/**
 * A large valid site document is prepared off the request thread (docs/publishing.md, "When
 * the remote fails"): while a document of over a megabyte (40 pages of rich text) is read,
 * parsed, validated and sanitised, the event loop that answers pages is never held for more
 * than 100 ms, measured as the longest gap between the ticks of a 5 ms timer (the best of
 * three loads). The new document is served once it is ready. On a temporary copy of sites/.
 */
import { cpSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { OFF_THREAD_BYTES } from '../../../engine/server/site-load-client.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { MAX_SITE_FILE_BYTES } from '../../../engine/site/safe-file.ts';
import { SITES_DIR } from '../helpers.ts';
import { removeTemps, temp } from './fixtures/sites-remote.ts';

const SLUG = 'southern-motor-group';
/**
 * Over four times the size sent to the worker (1.1 MB): prepared on this thread, such a
 * document held the loop for seconds (2,400 rich texts sanitised; 10.7 s measured on the 2-core
 * machine), far past the limit checked; more would only make the test slower.
 */
const PAGES = 40;
const BLOCKS = 60;
afterAll(removeTemps);

/** The site with PAGES more pages of BLOCKS rich-text blocks each, every text its own. */
function largeDocument(doc: Record<string, any>) {
  const pages = Array.from({ length: PAGES }, (_, p) => ({
    id: `news-${p}`,
    path: `/news-${p}`,
    title: `News ${p}`,
    blocks: Array.from({ length: BLOCKS }, (_, b) => ({
      type: 'rich-text',
      id: `news-${p}-${b}`,
      props: {
        html: `<h3>Update ${p}.${b}</h3><p>Every car we sell is inspected by our qualified technicians and priced against the market (${p * BLOCKS + b}).</p><ul><li>Free 7-day test drive</li><li>Finance approval in under an hour</li><li>Trade-ins welcome, any make or model</li></ul><p><a href="/service">Book a service</a></p>`,
      },
    })),
  }));
  return { ...doc, name: 'Southern Motors Large', pages: [...doc.pages, ...pages] };
}

/** Runs `work` while a 5 ms timer ticks; answers its result and the longest gap between ticks. */
async function withLoopWatch<T>(work: () => Promise<T>): Promise<{ result: T; longestMs: number }> {
  let last = performance.now();
  let longestMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    longestMs = Math.max(longestMs, performance.now() - last);
    return { result, longestMs };
  } finally {
    clearInterval(timer);
  }
}

describe('a large valid site document', () => {
  it('is prepared without holding the event loop over 100 ms, then served', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dir = temp('large-doc');
    cpSync(SITES_DIR, dir, { recursive: true });
    const sites = new SiteStore(dir, { quiet: true });
    const file = join(dir, `${SLUG}.json`);
    const doc = largeDocument((sites.get(SLUG) as { raw: Record<string, any> }).raw);
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const bytes = statSync(file).size;
    expect(bytes).toBeGreaterThan(4 * OFF_THREAD_BYTES);
    expect(bytes).toBeLessThan(MAX_SITE_FILE_BYTES);

    // Written ahead: making a text of megabytes here would be this test's own pause.
    const names = ['Southern Motors Large', ...[1, 2, 3].map((n) => `Southern Motors Large ${n}`)];
    const texts = new Map(names.map((name) => [name, JSON.stringify({ ...doc, name }, null, 2)]));
    const load = async (name: string) => {
      writeFileSync(file, texts.get(name)!);
      const { result, longestMs } = await withLoopWatch(() => sites.loadAsync(SLUG));
      expect(result.ok && result.site.name).toBe(name);
      expect(result.ok && result.site.pages.length).toBe(doc.pages.length);
      expect(sites.get(SLUG)).toBe(result);
      return longestMs;
    };
    await load(names[0]); // starts the worker
    // Three loads: a document prepared on this thread holds it for seconds every time, while
    // a machine shared with other work delays a timer now and then; the best of three tells them apart.
    const longest: number[] = [];
    for (const name of names.slice(1)) longest.push(await load(name));
    expect(Math.min(...longest)).toBeLessThan(100);
    sites.close();
    vi.restoreAllMocks();
  }, 240_000);
});
