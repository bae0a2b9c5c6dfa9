/** Three-way merge of site documents (engine/document/merge.ts): changes that conflict, each reported once with a label a reviewer can read. */
import { describe, expect, it } from 'vitest';
import { applyChoices } from '../../../engine/document/merge.ts';
import { REMOVED_CHANGED } from '../../../engine/document/merge-values.ts';
import {
  block,
  blocksOf,
  edit,
  ids,
  KIWI,
  merge,
  page,
  setHeading,
  type Doc,
} from './merge-kit.ts';

describe('mergeSiteDocuments: conflicts', () => {
  it('the same prop changed differently: exactly one conflict, merged holds theirs', () => {
    const theirs = edit(KIWI, setHeading('home-hero', 'Theirs'));
    const mine = edit(KIWI, setHeading('home-hero', 'Mine'));
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([
      {
        path: '/pages/0/blocks/0/props/heading',
        label: 'Block hero "home-hero" on page home: heading',
        base: KIWI.pages[0].blocks[0].props.heading,
        mine: 'Mine',
        theirs: 'Theirs',
      },
    ]);
    expect(merged).toEqual(theirs);
    expect(applyChoices(merged, conflicts, { [conflicts[0].path]: 'mine' })).toEqual(mine);
    expect(applyChoices(merged, conflicts, { [conflicts[0].path]: 'theirs' })).toEqual(theirs);
    expect(applyChoices(merged, conflicts, {})).toEqual(theirs);
  });

  it('labels name features, pages, settings, records and layout blocks; paths escape ~ and /', () => {
    const theirs = edit(KIWI, (d) => {
      d.features.compare = true;
      page(d, 'finance').title = 'T';
      d.theme.colours.primary = '#000001';
      d.locations[0].name = 'T';
      d.features.tagColours = { 'a/b~c': '#111111' };
      block(d, 'site-header')!.props.menu = [];
    });
    const mine = edit(KIWI, (d) => {
      d.features.compare = false;
      page(d, 'finance').title = 'M';
      d.theme.colours.primary = '#000002';
      d.locations[0].name = 'M';
      d.features.tagColours = { 'a/b~c': '#222222' };
      block(d, 'site-header')!.props.menu = [{ label: 'Home', href: '/' }];
    });
    const { conflicts } = merge(KIWI, theirs, mine);
    const byLabel = Object.fromEntries(conflicts.map((c) => [c.label, c.path]));
    expect(byLabel).toMatchObject({
      'Feature compare': '/features/compare',
      'Feature tagColours/a/b~c': '/features/tagColours/a~1b~0c',
      'Theme: colours/primary': '/theme/colours/primary',
      'Location T (id 31): name': '/locations/0/name',
      'Block header "site-header" in the header: menu': '/layout/header/0/props/menu',
    });
    expect(byLabel[`Page finance: title`]).toBe(
      `/pages/${KIWI.pages.findIndex((p: Doc) => p.id === 'finance')}/title`,
    );
    const compare = conflicts.find((c) => c.label === 'Feature compare')!;
    expect('base' in compare).toBe(KIWI.features.compare !== undefined);
  });

  it('a block removed on one side and edited on the other: one conflict for the whole block', () => {
    const removed = edit(KIWI, (d) => page(d, 'home').blocks.splice(2, 1)); // section why-us, with its columns
    const edited = edit(
      KIWI,
      (d) => (block(d, 'why-us-text')!.props.html = '<p>edited inside</p>'),
    );

    // Mine removed it, theirs changed it: kept (theirs), mine can remove it.
    const a = merge(KIWI, edited, removed);
    expect(a.conflicts).toHaveLength(1);
    expect(a.conflicts[0]).toMatchObject({
      path: '/pages/0/blocks/2',
      label: `Block section "why-us" on page home: ${REMOVED_CHANGED}`,
    });
    expect(a.conflicts[0]).not.toHaveProperty('mine');
    expect(a.conflicts[0].theirs).toEqual(page(edited, 'home').blocks[2]);
    expect(a.conflicts[0].base).toEqual(page(KIWI, 'home').blocks[2]);
    expect(a.merged).toEqual(edited);
    expect(applyChoices(a.merged, a.conflicts, { '/pages/0/blocks/2': 'mine' })).toEqual(removed);

    // Theirs removed it, mine changed it: not in merged; its path numbers it after the list's
    // items (3 remain), and insertAt says where it goes back.
    const b = merge(KIWI, removed, edited);
    expect(b.conflicts).toHaveLength(1);
    expect(b.conflicts[0]).toMatchObject({
      path: '/pages/0/blocks/3',
      insertAt: 2,
      mine: page(edited, 'home').blocks[2],
    });
    expect(b.conflicts[0]).not.toHaveProperty('theirs');
    expect(b.merged).toEqual(removed);
    expect(applyChoices(b.merged, b.conflicts, { '/pages/0/blocks/3': 'mine' })).toEqual(edited);
  });

  it('a block added inside a section the other side removed is a conflict, not lost', () => {
    const removed = edit(KIWI, (d) => page(d, 'home').blocks.splice(2, 1));
    const added = edit(KIWI, (d) =>
      block(d, 'why-us')!.children.push({
        type: 'rich-text',
        id: 'inside',
        props: { html: '<p>i</p>' },
      }),
    );
    const { merged, conflicts } = merge(KIWI, removed, added);
    expect(conflicts.map((c) => c.label)).toEqual([
      `Block section "why-us" on page home: ${REMOVED_CHANGED}`,
    ]);
    expect(block(merged, 'inside')).toBeUndefined();
    expect(applyChoices(merged, conflicts, { [conflicts[0].path]: 'mine' })).toEqual(added);
  });

  it('a page removed on one side and changed on the other', () => {
    const i = KIWI.pages.findIndex((p: Doc) => p.id === 'about');
    const removed = edit(KIWI, (d) => d.pages.splice(i, 1));
    const edited = edit(KIWI, (d) => (d.pages[i].blocks[0].props.heading = 'About'));
    const a = merge(KIWI, removed, edited);
    const ghost = `/pages/${KIWI.pages.length - 1}`; // after the pages that remain
    expect(a.conflicts.map((c) => [c.path, c.label, c.insertAt])).toEqual([
      [ghost, `Page about: ${REMOVED_CHANGED}`, i],
    ]);
    expect(applyChoices(a.merged, a.conflicts, { [ghost]: 'mine' })).toEqual(edited);
    const b = merge(KIWI, edited, removed);
    expect(b.merged).toEqual(edited);
    expect(applyChoices(b.merged, b.conflicts, { [`/pages/${i}`]: 'mine' })).toEqual(removed);
    // Removed on one side, untouched on the other: gone.
    expect(
      merge(
        KIWI,
        removed,
        edit(KIWI, (d) => (d.name = 'X')),
      ).merged.pages.map((p: Doc) => p.id),
    ).not.toContain('about');
  });

  it('two neighbours theirs removed and mine edited: distinct paths, each settled on its own', () => {
    const removed = edit(KIWI, (d) => page(d, 'home').blocks.splice(0, 2));
    const edited = edit(KIWI, (d) => {
      setHeading('home-hero', 'E1')(d);
      setHeading('home-features', 'E2')(d);
    });
    const { merged, conflicts } = merge(KIWI, removed, edited);
    expect(conflicts.map((c) => [c.path, c.insertAt])).toEqual([
      ['/pages/0/blocks/2', 0],
      ['/pages/0/blocks/3', 0],
    ]);
    expect(
      applyChoices(merged, conflicts, { '/pages/0/blocks/2': 'mine', '/pages/0/blocks/3': 'mine' }),
    ).toEqual(edited);
    const second = applyChoices(merged, conflicts, { '/pages/0/blocks/3': 'mine' });
    expect(ids(page(second, 'home').blocks)).toEqual(['home-features', 'why-us', 'home-reviews']);
  });

  it('both moved one block to different places: theirs’ place, no conflict; crossed moves make no cycle', () => {
    const theirs = edit(KIWI, (d) =>
      page(d, 'about').blocks.push(...page(d, 'home').blocks.splice(0, 1)),
    );
    const mine = edit(KIWI, (d) =>
      page(d, 'finance').blocks.push(...page(d, 'home').blocks.splice(0, 1)),
    );
    const r = merge(KIWI, theirs, mine);
    expect(r.conflicts).toEqual([]);
    expect(ids(page(r.merged, 'about').blocks)).toContain('home-hero');
    // Theirs puts why-us into home-hero's children, mine puts home-hero into why-us.
    const t2 = edit(
      KIWI,
      (d) => (block(d, 'home-hero')!.children = page(d, 'home').blocks.splice(2, 1)),
    );
    const m2 = edit(KIWI, (d) =>
      block(d, 'why-us')!.children.push(...page(d, 'home').blocks.splice(0, 1)),
    );
    const crossed = merge(KIWI, t2, m2);
    expect(crossed.conflicts).toEqual([]);
    expect([...blocksOf(crossed.merged).keys()].sort()).toEqual([...blocksOf(KIWI).keys()].sort());
  });
});
