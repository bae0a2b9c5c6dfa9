/** The render benchmark must compare equal work: same blocks, same HTML, on both sides. */
import { describe, expect, it } from 'vitest';
import { countBlockElements, makeTree, prepareBench } from '../../../scripts/bench/render.ts';
import type { PagePayload } from '../../../engine/render/server.tsx';
import { prepared, readSite } from '../helpers.ts';

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

describe('render benchmark: the page of real blocks', () => {
  const realPagePayload = async () => {
    const { withShownPage } = await import('../../../engine/render/server.tsx');
    const site = prepared(readSite('gold-coast-ford'));
    const home = site.pages.find((p) => p.path === '/')!;
    const data = Object.fromEntries(home.blocks!.map((b, i) => [b.id, { n: i }]));
    return {
      site: withShownPage(site, home),
      siteData: { models: [] },
      mode: 'production',
      basename: '',
      initialData: { url: '/', data },
      blockTypes: ['header', 'footer'],
    } as unknown as PagePayload;
  };

  it("gives Puck the page's header, blocks and footer in order, each with its data, and the shell one block", async () => {
    const { puckPayload, PUCK_PAGE } =
      await import('../../../scripts/bench/render/real-page/puck-page.tsx');
    const payload = await realPagePayload();
    const before = structuredClone(payload);
    const { payload: puck, data } = puckPayload(payload);
    const home = payload.site.pages.find((p) => p.blocks)!;
    const shown = [...payload.site.layout.header, ...home.blocks!, ...payload.site.layout.footer];
    expect(shown.length).toBeGreaterThan(home.blocks!.length);
    expect(data.content.map((item) => [item.type, item.props.id])).toEqual(
      shown.map((b) => [b.type, b.id]),
    );
    expect(data.content.map((item) => item.props.data)).toEqual(
      shown.map((b) => payload.initialData.data[b.id]),
    );
    // The shell shows the Puck page alone, and the loaded data travels once, in the Puck items.
    const puckHome = puck.site.pages.find((p) => p.id === home.id)!;
    expect(puckHome.blocks!.map((b) => String(b.type))).toEqual([PUCK_PAGE]);
    expect([puck.site.layout.header, puck.site.layout.footer]).toEqual([[], []]);
    expect(puck.initialData.data).toEqual({});
    expect(puck.blockTypes).toEqual([PUCK_PAGE]);
    expect(payload).toEqual(before);
  });

  it('tells pages apart by their text or their element count', async () => {
    const { pageShape } = await import('../../../scripts/bench/render/real-page.ts');
    const page = '<main><h1>Cars</h1><p>In stock</p></main>';
    expect(pageShape(page)).toEqual({ text: 'CarsIn stock', elements: 3 });
    expect(pageShape(`<div>${page}</div>`).elements).toBe(4);
    expect(pageShape(page.replace('In stock', 'Sold')).text).not.toBe(pageShape(page).text);
  });

  it("builds the runtime's own entry for one side and Puck's <Render> for the other", async () => {
    const { bundle } = await import('../../../scripts/bench/render/hydration.ts');
    const scripts = await bundle({
      site: 'real-page/entry-site.tsx',
      puck: 'real-page/entry-puck.tsx',
    });
    expect(scripts.puck).toContain('puck-root');
    expect(scripts.site).not.toContain('puck-root');
    for (const script of Object.values(scripts)) {
      expect(script).toContain('__forecourtHydrated');
      expect(script).toContain('recovered while hydrating');
    }
  }, 60_000);
});
