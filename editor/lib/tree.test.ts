import { describe, expect, it } from 'vitest';
import { resolveDraft } from './doc.ts';
import { flattenView, projectInsert, projectMove, withoutMoved } from './tree.ts';
import type { EditorBlock } from './blocks.ts';
import { fullnessOf, listRule, refusalOf } from '../../engine/site/placement.ts';
import { template, site } from './store/test-kit.ts';

describe('outline rows and drop projection', () => {
  const doc = resolveDraft(site(), { base: template() });
  const rows = flattenView(doc, 'page:home');

  it('flattens the visible tree into one list with depths and slot heads', () => {
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${r.key}`)).toEqual([
      'home-hero',
      'why-us',
      '  why-text',
      'cols',
      '  slot:cols:main',
      '    left-text',
      '  slot:cols:aside',
    ]);
    expect(flattenView(doc, 'page:home', new Set(['why-us'])).map((r) => r.key)).not.toContain(
      'why-text',
    );
  });

  it('shows the header and footer as two lists in the layout view', () => {
    expect(flattenView(doc, 'layout').map((r) => `${r.depth}:${r.key}`)).toEqual([
      '0:head:layout:header',
      '1:site-header',
      '0:head:layout:footer',
      '1:site-footer',
    ]);
  });

  it('projects a drag to the list and index it would land in', () => {
    const root = { area: 'page:home' as const };
    // hero dragged over why-text without moving sideways: lands in the section, first child.
    expect(projectMove(doc, rows, 'home-hero', 'why-us', 0, root)).toMatchObject({
      ref: { parent: 'why-us' },
      index: 0,
      valid: true,
    });
    // dragged to the end, nudged right: not into the empty aside slot, which takes no
    // full-width hero, but after the columns on the page.
    const p = projectMove(doc, rows, 'home-hero', 'slot:cols:aside', 2, root);
    expect(p).toMatchObject({ ref: root, valid: true });
    expect(projectMove(doc, rows, 'why-text', 'slot:cols:aside', 1, root)).toMatchObject({
      ref: { parent: 'cols', slot: 'aside' },
      index: 0,
      valid: true,
    });
    // a new block dropped after the aside head: at depth 0 it lands after cols on the page,
    // at depth 2 inside the aside slot.
    expect(projectInsert(doc, rows, 'slot:cols:aside', true, 0, 'hero', root)).toMatchObject({
      valid: true,
      ref: { area: 'page:home' },
      index: 3,
    });
    expect(projectInsert(doc, rows, 'slot:cols:aside', true, 2, 'rich-text', root)).toMatchObject({
      valid: true,
      ref: { parent: 'cols', slot: 'aside' },
      index: 0,
    });
    // between a columns block and its first slot head nothing can go
    expect(projectInsert(doc, rows, 'cols', true, 1, 'hero', root)).toBeUndefined();
  });

  it('steers drops to the nearest depth the schema allows, or marks them refused with a reason', () => {
    const root = { area: 'page:home' as const };
    expect(projectInsert(doc, rows, 'left-text', true, 2, 'rich-text', root)).toMatchObject({
      valid: true,
      ref: { slot: 'main' },
      index: 1,
    });
    // A full-width hero is refused in a column (no other depth is possible between left-text
    // and the aside head)…
    expect(projectInsert(doc, rows, 'left-text', true, 2, 'hero', root)).toMatchObject({
      valid: false,
    });
    // …while after the section's last child it goes into the section, which takes heroes.
    expect(projectInsert(doc, rows, 'why-text', true, 1, 'hero', root)).toMatchObject({
      valid: true,
      ref: { parent: 'why-us' },
      index: 1,
    });
    const p = projectInsert(doc, rows, 'slot:cols:main', true, 2, 'hero', root);
    expect(p).toMatchObject({
      valid: false,
      reason: refusalOf(listRule('columns', 'main')!, 'hero'),
    });
  });

  it('refuses a new block in a full column, and still lets its own blocks be reordered', () => {
    const rule = listRule('columns', 'main')!;
    const base = template();
    const cols = (base.pages[0].blocks as EditorBlock[]).find((b) => b.id === 'cols')!;
    cols.slots!.main = Array.from({ length: rule.maxBlocks! }, (_, i) => ({
      type: 'rich-text',
      id: `t${i}`,
      props: { html: `<p>${i}</p>` },
    }));
    const fullDoc = resolveDraft(site(), { base });
    const fullRows = flattenView(fullDoc, 'page:home');
    const root = { area: 'page:home' as const };
    expect(projectInsert(fullDoc, fullRows, 't0', true, 2, 'rich-text', root)).toMatchObject({
      valid: false,
      reason: fullnessOf(rule, rule.maxBlocks!),
    });
    expect(projectMove(fullDoc, fullRows, 't0', 't2', 0, root)).toMatchObject({
      valid: true,
      ref: { slot: 'main' },
      index: 2,
    });
  });
});

describe('dragging several selected blocks together', () => {
  const doc = resolveDraft(site(), { base: template() });
  const rows = flattenView(doc, 'page:home');
  const root = { area: 'page:home' as const };

  it('hides the other members of the group and everything inside them while dragging', () => {
    expect(withoutMoved(rows, 'home-hero', ['home-hero', 'cols']).map((r) => r.key)).toEqual([
      'home-hero',
      'why-us',
      'why-text',
    ]);
    // A group of one is the row without its descendants.
    expect(withoutMoved(rows, 'why-us', undefined).map((r) => r.key)).toEqual([
      'home-hero',
      'why-us',
      'cols',
      'slot:cols:main',
      'left-text',
      'slot:cols:aside',
    ]);
  });

  it('projects the group where every one of its blocks is allowed', () => {
    expect(
      projectMove(doc, rows, 'home-hero', 'why-text', 0, root, ['home-hero', 'cols']),
    ).toMatchObject({ ref: root, index: 1, valid: true });
    // why-text alone may go into the First column; with a full-width hero in its group it may not.
    expect(projectMove(doc, rows, 'why-text', 'left-text', 1, root)).toMatchObject({
      ref: { slot: 'main' },
      valid: true,
    });
    expect(
      projectMove(doc, rows, 'why-text', 'left-text', 1, root, ['home-hero', 'why-text']),
    ).toMatchObject({
      ref: { slot: 'main' },
      valid: false,
      reason: refusalOf(listRule('columns', 'main')!, 'hero'),
    });
  });
});
