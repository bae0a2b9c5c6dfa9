// @vitest-environment node
/** The render benchmark must compare equal work: same blocks, same HTML, on both sides. */
import { describe, expect, it } from 'vitest';
import { countBlockElements, makeTree, prepareBench, stripSuspenseMarkers } from '../../scripts/bench/render.ts';

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
    // Block for block the same markup: BlockList (in a <div>) and Puck's root zone <div>;
    // Forecourt's per-block <Suspense> only adds <!--$-->…<!--/$--> markers.
    expect(stripSuspenseMarkers(list)).toBe(puck);
    expect(site).toContain('<main id="main"');
  });
});
