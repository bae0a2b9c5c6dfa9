import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import type { Doc } from './doc.ts';
import { applyPreviewPatch, previewPatches, type PreviewPatch } from './preview-patch.ts';
import { shareEqual } from './preview-model.ts';

const hero = (id: string, heading: string): Doc => ({
  type: 'hero',
  id,
  props: { heading, tone: 'light' },
});
/** Stands in for the server's rules: drops images (with their handlers). */
const clean = (html: string) => html.replace(/<img[^>]*>/g, '');
const text = (id: string): Doc => ({ type: 'rich-text', id, props: { html: `<p>${id}</p>` } });

function draft(): Doc {
  return {
    slug: 'unit',
    features: { a: true },
    layout: { header: [{ type: 'header', id: 'header' }], footer: [] },
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [
          hero('h1', 'One'),
          { type: 'section', id: 's1', children: [text('t1'), text('t2')] },
          hero('h2', 'Two'),
        ],
      },
      { id: 'other', path: '/other', title: 'Other', blocks: [hero('h3', 'Three')] },
    ],
  };
}

type Blocks = Doc[];
const home = (d: Doc) => (d.pages as Doc[])[0].blocks as Blocks;

describe('preview patches: what the preview can show before the server check', () => {
  it('sends a plain-text prop typed into a block as that prop alone', () => {
    const prev = draft();
    const next = produce(prev, (d) => {
      (home(d)[2].props as Doc).heading = 'Two for one';
    });
    expect(previewPatches(prev, next)).toEqual([
      { kind: 'props', blockId: 'h2', changes: { heading: 'Two for one' } },
    ]);
  });

  it('sends rich text marked as such, and the preview sanitises it before showing it', () => {
    const prev = draft();
    const next = produce(prev, (d) => {
      ((home(d)[1].children as Blocks)[0].props as Doc).html =
        '<p>x<img src=x onerror=alert(1)></p>';
    });
    const patches = previewPatches(prev, next)!;
    expect(patches).toEqual([
      {
        kind: 'props',
        blockId: 't1',
        changes: { html: '<p>x<img src=x onerror=alert(1)></p>' },
        html: ['html'],
      },
    ]);
    const made: Array<[string, unknown]> = [];
    const shown = applyPreviewPatch(prev, patches[0], clean, (id, props) =>
      made.push([id, props]),
    )!;
    const props = (home(shown)[1].children as Blocks)[0].props as Doc;
    expect(props.html).toBe('<p>x</p>');
    // The preview shows the typed block from the props the patch made, without looking for it.
    expect(made).toEqual([['t1', props]]);
    expect(made[0][1]).toBe(props);
  });

  it('waits for the check for choices, links, removed props, settings and other pages’ meta', () => {
    const prev = draft();
    const cases: Array<(d: Doc) => void> = [
      (d) => void ((home(d)[0].props as Doc).tone = 'dark'),
      (d) =>
        void ((home(d)[0].props as Doc).actions = [{ label: 'Go', href: 'javascript:alert(1)' }]),
      (d) => void delete (home(d)[0].props as Doc).heading,
      (d) => void ((d.features as Doc).a = false),
      (d) => void ((d.pages as Doc[])[0].title = 'Start'),
    ];
    for (const change of cases) expect(previewPatches(prev, produce(prev, change))).toBeUndefined();
  });

  it('sends nothing when nothing changed', () => {
    const prev = draft();
    expect(previewPatches(prev, prev)).toEqual([]);
  });

  it('sends a move as the page’s tree of ids, and the preview reuses every block it shows', () => {
    const prev = draft();
    const next = produce(prev, (d) => {
      const blocks = home(d);
      const [moved] = blocks.splice(0, 1);
      (blocks[0].children as Blocks).splice(1, 0, moved);
    });
    const patches = previewPatches(prev, next)!;
    expect(patches).toEqual([
      {
        kind: 'page',
        pageId: 'home',
        blocks: [
          {
            id: 's1',
            type: 'section',
            children: [
              { id: 't1', type: 'rich-text' },
              { id: 'h1', type: 'hero' },
              { id: 't2', type: 'rich-text' },
            ],
          },
          { id: 'h2', type: 'hero' },
        ],
      },
    ]);
    // The preview's site is the prepared one (here with a default the server filled in).
    const shown = produce(prev, (d) => {
      (home(d)[0].props as Doc).align = 'left';
    });
    const after = applyPreviewPatch(shown, patches[0], clean)!;
    const blocks = home(after);
    expect(blocks.map((b) => b.id)).toEqual(['s1', 'h2']);
    expect((blocks[0].children as Blocks)[1]).toBe(home(shown)[0]);
    expect((blocks[0].children as Blocks)[0]).toBe((home(shown)[1].children as Blocks)[0]);
    expect(blocks[1]).toBe(home(shown)[2]);
    expect((after.pages as Doc[])[1]).toBe((shown.pages as Doc[])[1]);
  });

  it('sends a block added from the palette with its props, and the preview fills its defaults', () => {
    const prev = draft();
    const next = produce(prev, (d) => {
      home(d).splice(1, 0, { type: 'hero', id: 'hero', props: { heading: 'New' } });
    });
    const patches = previewPatches(prev, next)!;
    expect((patches[0] as Extract<PreviewPatch, { kind: 'page' }>).blocks[1]).toEqual({
      id: 'hero',
      type: 'hero',
      added: true,
      props: { heading: 'New' },
    });
    const added = home(applyPreviewPatch(prev, patches[0], clean)!)[1];
    expect(added).toMatchObject({
      type: 'hero',
      id: 'hero',
      props: { heading: 'New', tone: 'brand', actions: [] },
    });
  });

  it('sanitises a new block’s rich text; waits for the check for markup elsewhere in it, or a block whose props changed as it moved', () => {
    const prev = draft();
    const added = previewPatches(
      prev,
      produce(
        prev,
        (d) =>
          void home(d).push({
            type: 'rich-text',
            id: 't9',
            props: { html: '<p>New<img src=x onerror=alert(1)></p>' },
          }),
      ),
    )!;
    expect((home(applyPreviewPatch(prev, added[0], clean)!)[3].props as Doc).html).toBe(
      '<p>New</p>',
    );
    const faq = {
      type: 'faq-accordion',
      id: 'faq',
      props: { items: [{ question: 'Q', answer: '<p>A<img src=x onerror=alert(1)></p>' }] },
    };
    expect(
      previewPatches(
        prev,
        produce(prev, (d) => void home(d).push(faq)),
      ),
    ).toBeUndefined();
    const movedAndChanged = produce(prev, (d) => {
      const [moved] = home(d).splice(0, 1);
      (moved.props as Doc).heading = 'Changed';
      home(d).push(moved);
    });
    expect(previewPatches(prev, movedAndChanged)).toBeUndefined();
  });

  it('applies a props patch by copying only the path to the block', () => {
    const shown = draft();
    const after = applyPreviewPatch(
      shown,
      { kind: 'props', blockId: 't2', changes: { heading: 'x' } },
      clean,
    )!;
    expect(((home(after)[1].children as Blocks)[1].props as Doc).heading).toBe('x');
    expect(home(after)[0]).toBe(home(shown)[0]);
    expect((home(after)[1].children as Blocks)[0]).toBe((home(shown)[1].children as Blocks)[0]);
    expect(after.layout).toBe(shown.layout);
  });

  it('applies nothing that does not fit what the preview shows (the check will bring it)', () => {
    const shown = draft();
    expect(
      applyPreviewPatch(
        shown,
        { kind: 'props', blockId: 'gone', changes: { heading: 'x' } },
        clean,
      ),
    ).toBeUndefined();
    expect(
      applyPreviewPatch(
        shown,
        { kind: 'page', pageId: 'home', blocks: [{ id: 'unknown', type: 'hero' }] },
        clean,
      ),
    ).toBeUndefined();
    expect(
      applyPreviewPatch(shown, { kind: 'page', pageId: 'nowhere', blocks: [] }, clean),
    ).toBeUndefined();
  });
});

describe('shareEqual', () => {
  it('keeps blocks that moved or had one added before them identical (matched by id)', () => {
    const prev = draft();
    const copy = structuredClone(prev);
    home(copy).splice(0, 0, hero('h0', 'Zero'));
    const shared = shareEqual(prev, copy);
    expect(home(shared)[1]).toBe(home(prev)[0]);
    expect(home(shared)[3]).toBe(home(prev)[2]);
    expect((shared.pages as Doc[])[1]).toBe((prev.pages as Doc[])[1]);
  });
});
