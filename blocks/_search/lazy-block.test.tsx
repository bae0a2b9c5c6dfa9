/**
 * When a lazy search UI loads (lazy-block.tsx): on the visitor's first use, also when that use
 * came before the scripts did, and at once on a page React rendered anew (docs/render.md).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENDERED_ANEW_EVENT } from '../../engine/render/dom-ids.ts';
import { LAZY_UI_ATTRIBUTE, lazyBlock } from './lazy-block.tsx';

/** A block's server HTML: the wrapper that names its UI, with a search box inside. */
function serverHtml(name: string): HTMLInputElement {
  const region = document.createElement('div');
  region.setAttribute(LAZY_UI_ATTRIBUTE, name);
  const box = document.createElement('input');
  box.setAttribute('aria-label', 'Search');
  region.append(box);
  document.body.append(region);
  return box;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('lazyBlock', () => {
  it('waits for the visitor, unless the page was rendered anew', async () => {
    serverHtml('test-ui');
    const importer = vi.fn(async () => ({ default: () => null }));
    lazyBlock('test-ui', importer);
    await Promise.resolve();
    expect(importer).not.toHaveBeenCalled();
    window.dispatchEvent(new Event(RENDERED_ANEW_EVENT));
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('loads at once when the focus came to the block before its scripts did', () => {
    serverHtml('focused-ui').focus();
    const importer = vi.fn(async () => ({ default: () => null }));
    lazyBlock('focused-ui', importer);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('loads at once when the pointer came over the block before its scripts did', () => {
    const box = serverHtml('hovered-ui');
    const matches = vi.spyOn(Element.prototype, 'matches').mockImplementation(function (
      this: Element,
      selector: string,
    ) {
      return selector.includes(':hover') && this.contains(box);
    });
    const importer = vi.fn(async () => ({ default: () => null }));
    lazyBlock('hovered-ui', importer);
    matches.mockRestore();
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
