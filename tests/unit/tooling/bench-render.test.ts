/** The render benchmark must compare equal work: same blocks, same HTML, on both sides. */
import { describe, expect, it } from 'vitest';
import { countBlockElements, makeTree, prepareBench } from '../../../scripts/bench/render.ts';

describe('render benchmark', () => {
  it('generates exactly the requested number of blocks, nested', () => {
    const tree = makeTree(1000);
    expect(tree.count).toBe(1000);
    expect(tree.maxDepth).toBeGreaterThanOrEqual(4);
    expect(tree.boxes).toBeGreaterThan(100);
  });

  it('renders the same 1,000 blocks with Forecourt and Puck', async () => {
    const bench = await prepareBench(1000);
    const site = bench.forecourtSite();
    const list = bench.forecourtList();
    const puck = bench.puck();
    expect(countBlockElements(site)).toBe(1000);
    expect(countBlockElements(bench.puckRsc())).toBe(1000);
    expect(countBlockElements(list)).toBe(1000);
    expect(countBlockElements(puck)).toBe(1000);
    // Block for block the same markup: BlockList (in a <div>) and Puck's root zone <div>
    // (no Suspense boundary per block while every block renders: engine/render/server-html.tsx).
    expect(list).toBe(puck);
    expect(site).not.toContain('<!--$-->');
    expect(site).toContain('<main id="main"');
  });
});

describe('render benchmark: hydration pages', () => {
  it('builds a production bundle per side, each hydrating its own way', async () => {
    const { bundleEntries, SIDES } = await import('../../../scripts/bench/render/hydration.ts');
    const scripts = await bundleEntries();
    expect(Object.keys(scripts).sort()).toEqual([...SIDES].sort());
    for (const side of SIDES) {
      // React's development build names this check; the production build has no such message.
      expect(scripts[side]).not.toContain('Each child in a list should have a unique "key" prop');
      expect(scripts[side]).toContain('__benchProbe');
    }
    // Puck's side hydrates Puck's Render, ours the runtime's client entry; neither carries the other.
    expect(scripts.puck).toContain('puck-root');
    expect(scripts.site).not.toContain('puck-root');
    expect(scripts.site).toContain('recovered while hydrating');
  }, 60_000);

  it('serves each side its own server HTML and payload, the same blocks on every side', async () => {
    const { pageDocument } = await import('../../../scripts/bench/render/hydration.ts');
    const bench = await prepareBench(200);
    const doc = pageDocument('puck', { html: bench.puck(), payload: bench.inputs.puckData }, 200);
    expect(doc).toContain('data-blocks="200"');
    expect(countBlockElements(doc)).toBe(200);
    const payload = JSON.parse(
      doc.match(/<script id="fc-payload" type="application\/json">(.*?)<\/script>/s)![1],
    );
    expect(payload).toEqual(bench.inputs.puckData);
  });
});
