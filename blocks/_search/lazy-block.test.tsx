/** A page React renders anew instead of hydrating keeps no server HTML of a lazy UI, so the UI loads at once (docs/render.md). */
import { describe, expect, it, vi } from 'vitest';
import { RENDERED_ANEW_EVENT } from '../../engine/render/dom-ids.ts';
import { lazyBlock } from './lazy-block.tsx';

describe('lazyBlock', () => {
  it('waits for the visitor, unless the page was rendered anew', async () => {
    const importer = vi.fn(async () => ({ default: () => null }));
    lazyBlock('test-ui', importer);
    await Promise.resolve();
    expect(importer).not.toHaveBeenCalled();
    window.dispatchEvent(new Event(RENDERED_ANEW_EVENT));
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
