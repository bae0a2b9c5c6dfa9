/**
 * The preview's fast path inside a block's lists (preview-leaves.ts): typing into a block
 * with buttons or cards reaches the preview without waiting for the server's check.
 */
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import type { Doc } from './doc.ts';
import { applyPreviewPatch, previewPatches } from './preview-patch.ts';

const clean = (html: string) => html;

function draft(): Doc {
  return {
    slug: 'unit',
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [
          {
            type: 'hero',
            id: 'hero',
            props: {
              heading: 'Drive away',
              actions: [
                { label: 'New cars', href: '/new-cars' },
                { label: 'Service', href: '/service' },
              ],
            },
          },
          { type: 'hero', id: 'other', props: { heading: 'Other' } },
        ],
      },
    ],
  };
}

const heroProps = (d: Doc) => ((d.pages as Doc[])[0].blocks as Doc[])[0].props as Doc;
const actions = (d: Doc) => heroProps(d).actions as Doc[];

describe('preview patches inside lists: buttons and cards', () => {
  it('sends a heading typed into a hero with buttons alone, though the form copied its buttons', () => {
    const prev = draft();
    // rjsf hands back new copies of every list with each keystroke.
    const next = produce(prev, (d) => {
      heroProps(d).heading = 'Drive away today';
      heroProps(d).actions = structuredClone(actions(prev));
    });
    expect(previewPatches(prev, next)).toEqual([
      { kind: 'props', blockId: 'hero', changes: { heading: 'Drive away today' } },
    ]);
  });

  it('sends a button’s label and link by their place, and the preview shows them, sharing the rest', () => {
    const prev = draft();
    const next = produce(prev, (d) => {
      actions(d)[1].label = 'Book a service';
      actions(d)[1].href = '/service#book';
    });
    const patches = previewPatches(prev, next)!;
    expect(patches).toEqual([
      {
        kind: 'props',
        blockId: 'hero',
        changes: {},
        leaves: [
          { path: ['actions', '1', 'label'], value: 'Book a service' },
          { path: ['actions', '1', 'href'], value: '/service#book' },
        ],
      },
    ]);
    // The preview's site is the prepared one: a default the server filled in stays.
    const shown = produce(prev, (d) => void (actions(d)[1].style = 'secondary'));
    const after = applyPreviewPatch(shown, patches[0], clean)!;
    expect(actions(after)[1]).toEqual({
      label: 'Book a service',
      href: '/service#book',
      style: 'secondary',
    });
    expect(actions(after)[0]).toBe(actions(shown)[0]);
    expect(((after.pages as Doc[])[0].blocks as Doc[])[1]).toBe(
      ((shown.pages as Doc[])[0].blocks as Doc[])[1],
    );
  });

  it('waits for the check for a link that does not fit its field, an added button or a first value', () => {
    const prev = draft();
    const cases: Array<(d: Doc) => void> = [
      (d) => void (actions(d)[0].href = 'javascript:alert(1)'),
      (d) => void (actions(d)[0].href = `/${'x'.repeat(2001)}`),
      (d) => void actions(d).push({ label: 'More', href: '/more' }),
      (d) => void (actions(d)[0].style = 'secondary'),
    ];
    for (const change of cases) expect(previewPatches(prev, produce(prev, change))).toBeUndefined();
  });

  it('applies nothing when the button is not in what the preview shows', () => {
    const prev = draft();
    const patches = previewPatches(
      prev,
      produce(prev, (d) => void (actions(d)[1].label = 'Book')),
    )!;
    const shown = produce(prev, (d) => void actions(d).splice(1, 1));
    expect(applyPreviewPatch(shown, patches[0], clean)).toBeUndefined();
  });
});
