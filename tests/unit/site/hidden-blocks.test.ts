/**
 * Hidden blocks (docs/editor-design.md, "Hidden blocks"): a block marked `hidden` stays in the
 * document and passes validation, is left out of the site visitors get (with what it holds),
 * and is kept by the editor's check so its preview can show it dimmed.
 */
import { describe, expect, it } from 'vitest';
import { walkBlocks } from '../../../engine/tree.ts';
import { minimalDoc, prepare } from '../helpers.ts';

const doc = () =>
  minimalDoc({
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [
          { type: 'hero', id: 'shown', props: { heading: 'Shown' } },
          {
            type: 'section',
            id: 'put-away',
            hidden: true,
            children: [{ type: 'hero', id: 'inside', props: { heading: 'Inside' } }],
          },
          {
            type: 'section',
            id: 'kept',
            children: [{ type: 'hero', id: 'winter', hidden: true, props: { heading: 'Winter' } }],
          },
        ],
      },
      { id: 'other', path: '/other', title: 'Other', blocks: [] },
    ],
  });

const ids = (site: unknown) => [...walkBlocks(site)].map((l) => String(l.block.id));

describe('hidden blocks', () => {
  it('are valid and left out of the site visitors get, with what they hold', () => {
    const r = prepare(doc());
    expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
    if (!r.ok) return;
    expect(ids(r.site)).not.toContain('put-away');
    expect(ids(r.site)).not.toContain('inside');
    expect(ids(r.site)).not.toContain('winter');
    expect(ids(r.site)).toEqual(expect.arrayContaining(['shown', 'kept']));
    // A page with nothing hidden is as checked.
    const checked = prepare.check(doc()).site as { pages: unknown[] };
    expect(r.site.pages[1]).toEqual(checked.pages[1]);
  });

  it('stay in the editor’s check, which its preview shows', () => {
    const checked = prepare.check(doc());
    expect(checked.issues).toEqual([]);
    expect(ids(checked.site)).toEqual(expect.arrayContaining(['put-away', 'inside', 'winter']));
  });

  it('must be marked with yes or no', () => {
    const bad = doc();
    (bad.pages as Array<{ blocks: Array<Record<string, unknown>> }>)[0].blocks[0].hidden = 'yes';
    const r = prepare(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path)).toContain('/pages/0/blocks/0/hidden');
  });
});
