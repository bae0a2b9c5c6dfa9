/**
 * A dealer page hydrates the tree its server HTML came from: without a Suspense boundary per
 * block when every block rendered on the server, so every block hydrates in the page's first
 * commit, in slices that let other tasks run between them; with one per block when a block failed
 * there (docs/render.md).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { createPageRenderer } from '../../../engine/render/server.tsx';
import { hydrateSite } from '../../../engine/render/client.tsx';
import { defineBlock, type BlockRegistry } from '../../../engine/render/block.ts';
import {
  PAYLOAD_ELEMENT_ID,
  RENDERED_ANEW_EVENT,
  ROOT_ELEMENT_ID,
} from '../../../engine/render/dom-ids.ts';
import { jsonForScript } from '../../../engine/server/html.ts';
import { minimalDoc, prepared } from '../helpers.ts';

/** Block ids in the order their effects first ran (StrictMode runs them twice in development). */
let hydrated: string[] = [];
/** What had hydrated when the page's last top-level block hydrated. */
let seenByLast: string[] | undefined;
let failOnServer = false;
/** While set, each block's render takes `slowRender` ms and notes the event-loop turn it ran in. */
let slowRender = 0;
let turn = 0;
let renderTurns: number[] = [];
function noteRender() {
  if (!slowRender) return;
  renderTurns.push(turn);
  for (const until = performance.now() + slowRender; performance.now() < until;);
}

const Text = defineBlock<{ heading: string }>({
  component: function Text({ block, props }) {
    if (failOnServer) throw new Error('server-only failure');
    noteRender();
    useEffect(() => void (hydrated.includes(block.id) || hydrated.push(block.id)), [block.id]);
    return <p data-b={block.id}>{props.heading}</p>;
  },
});
const Box = defineBlock<Record<string, never>>({
  component: function Box({ block, children }) {
    noteRender();
    useEffect(() => void (hydrated.includes(block.id) || hydrated.push(block.id)), [block.id]);
    return <section data-b={block.id}>{children}</section>;
  },
});
const Last = defineBlock<Record<string, never>>({
  component: function Last({ block }) {
    noteRender();
    useEffect(() => {
      if (!hydrated.includes(block.id)) hydrated.push(block.id);
      seenByLast ??= [...hydrated];
    }, [block.id]);
    return <p data-b={block.id}>last</p>;
  },
});

const Columns = defineBlock<Record<string, never>>({
  component: function Columns({ block, slots }) {
    noteRender();
    useEffect(() => void (hydrated.includes(block.id) || hydrated.push(block.id)), [block.id]);
    return <div data-b={block.id}>{slots.main}</div>;
  },
});

const registry: BlockRegistry = {
  'promo-tile': async () => ({ default: Text }),
  section: async () => ({ default: Box }),
  columns: async () => ({ default: Columns }),
  'rich-text': async () => ({ default: Last }),
};

const site = prepared(
  minimalDoc({
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home | {site}',
        blocks: [
          {
            type: 'section',
            id: 'outer',
            children: [
              // A section takes columns, and a column content blocks (a promo tile).
              {
                type: 'columns',
                id: 'inner',
                slots: { main: [{ type: 'promo-tile', id: 'deep', props: { heading: 'Deep' } }] },
              },
            ],
          },
          { type: 'rich-text', id: 'last', props: { html: '<p>x</p>' } },
        ],
      },
    ],
  }),
);

async function serveAndHydrate(beforeHydrating = () => {}) {
  const page = await createPageRenderer(registry)({
    site,
    siteData: { models: [] },
    url: '/',
    basename: '',
    mode: 'production',
    origin: 'http://localhost',
  });
  failOnServer = false;
  document.body.innerHTML = `<div id="${ROOT_ELEMENT_ID}">${page.html}</div><script id="${PAYLOAD_ELEMENT_ID}" type="application/json">${jsonForScript(page.payload)}</script>`;
  const last = document.querySelector('[data-b="last"]');
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  let renderedAnew = 0;
  const count = () => renderedAnew++;
  window.addEventListener(RENDERED_ANEW_EVENT, count);
  beforeHydrating();
  await hydrateSite(registry);
  await vi.waitFor(() => expect(hydrated).toHaveLength(4));
  const logged = errors.mock.calls.map((c) => c.map(String).join(' '));
  errors.mockRestore();
  window.removeEventListener(RENDERED_ANEW_EVENT, count);
  return {
    page,
    logged,
    renderedAnew,
    kept: !!last && document.querySelector('[data-b="last"]') === last,
  };
}

afterEach(() => {
  hydrated = [];
  seenByLast = undefined;
  failOnServer = false;
  slowRender = 0;
  renderTurns = [];
  document.body.innerHTML = '';
});

describe('hydrating a dealer page', () => {
  it('sends a page whose blocks all render without a Suspense boundary per block, and hydrates it in one commit', async () => {
    const { page, logged, kept, renderedAnew } = await serveAndHydrate();
    expect(renderedAnew).toBe(0);
    expect(page.html).not.toContain('<!--$');
    expect(page.payload.perBlockSuspense).toBeUndefined();
    expect(page.payload.blockTypes).toEqual(['columns', 'promo-tile', 'rich-text', 'section']); // the browser loads these without walking the page
    expect(logged).toEqual([]);
    expect(kept).toBe(true);
    // The nested blocks hydrated in the same commit as the last top-level one, not in later passes.
    expect(seenByLast).toEqual(['deep', 'inner', 'outer', 'last']);
  });

  it('hydrates in slices: other tasks run between the blocks of one slow page, not only after it', async () => {
    const ticker = setInterval(() => turn++, 0);
    try {
      // Each block's render in the browser outlasts React's 5 ms slice.
      const { logged, kept } = await serveAndHydrate(() => (slowRender = 8));
      expect(logged).toEqual([]);
      expect(kept).toBe(true);
    } finally {
      clearInterval(ticker);
    }
    // One long task would render every block in the same turn of the event loop.
    expect(renderTurns.length).toBeGreaterThanOrEqual(4);
    expect(new Set(renderTurns).size).toBeGreaterThan(1);
  });

  it('keeps a boundary per block when a block failed on the server, and hydrates that tree without a mismatch', async () => {
    failOnServer = true;
    const { page, logged, kept, renderedAnew } = await serveAndHydrate();
    expect(page.payload.perBlockSuspense).toBe(true);
    expect(renderedAnew).toBeGreaterThan(0); // what React recovered from is announced (lazy UIs load)
    expect(page.html).toContain('<!--$!-->'); // the failed block, left for the browser
    expect(page.html).toContain('data-b="last"'); // and the rest of the page
    // React reports the block the server gave up on, as before; nothing failed to match.
    expect(logged.some((l) => l.includes('server rendering errored'))).toBe(true);
    expect(logged.filter((l) => /Hydration failed|did ?n[o']t match/i.test(l))).toEqual([]);
    expect(kept).toBe(true); // the server's DOM hydrated, not replaced
    expect(document.querySelector('[data-b="deep"]')?.textContent).toBe('Deep'); // rendered by the browser where the server left it
  });
});
