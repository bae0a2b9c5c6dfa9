// @vitest-environment jsdom
/**
 * Dealer rich text keeps the attributes that are not addresses (engine/sanitize/html-config.ts,
 * ATTRIBUTE_VALUES) when their values are of their kind: DOMPurify checked them as links and
 * dropped them all, so an image lost its size (the page moved as it loaded), a table cell its
 * span, a link its new tab. A value of another kind is still dropped.
 */
import { describe, expect, it } from 'vitest';
import { createHtmlSanitizer } from '../../../engine/sanitize/html-rules.ts';

const sanitize = createHtmlSanitizer(window as never);

describe('rich text attributes that are not addresses', () => {
  it('keeps an image’s size and a cell’s span', () => {
    expect(sanitize('<img src="/a.png" width="600" height="400" alt="A car">')).toBe(
      '<img src="/a.png" width="600" height="400" alt="A car" loading="lazy">',
    );
    expect(
      sanitize('<table><tbody><tr><td colspan="2" rowspan="3">x</td></tr></tbody></table>'),
    ).toBe('<table><tbody><tr><td colspan="2" rowspan="3">x</td></tr></tbody></table>');
    expect(sanitize('<table width="100%"><tbody><tr><td>x</td></tr></tbody></table>')).toBe(
      '<table width="100%"><tbody><tr><td>x</td></tr></tbody></table>',
    );
  });

  it('keeps a link’s new tab, with no handle on the page it opens from', () => {
    expect(sanitize('<a href="https://example.com" target="_blank">out</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>',
    );
    expect(sanitize('<a href="https://example.com" target="_blank" rel="opener">out</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>',
    );
    expect(sanitize('<a href="/x" rel="nofollow sponsored">in</a>')).toBe(
      '<a href="/x" rel="nofollow sponsored">in</a>',
    );
  });

  it.each([
    [
      '<img src="/a.png" width="javascript:alert(1)" alt="">',
      '<img src="/a.png" alt="" loading="lazy">',
    ],
    ['<img src="/a.png" height="1e9" alt="">', '<img src="/a.png" alt="" loading="lazy">'],
    [
      '<table><tbody><tr><td colspan="x" rowspan="-1">y</td></tr></tbody></table>',
      '<table><tbody><tr><td>y</td></tr></tbody></table>',
    ],
    ['<a href="/x" target="_top">in</a>', '<a href="/x">in</a>'],
    ['<a href="/x" target="javascript:alert(1)">in</a>', '<a href="/x">in</a>'],
    ['<a href="/x" rel="opener">in</a>', '<a href="/x">in</a>'],
    [
      '<a href="javascript:alert(1)" target="_blank">x</a>',
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    ],
  ])('drops a value of another kind: %s', (html, clean) => {
    expect(sanitize(html)).toBe(clean);
  });
});
