/** Three-way merge of site documents (engine/document/merge.ts): independent changes merge, and the merge is pure. Conflicts: merge-conflicts.test.ts; random edits: merge-properties.test.ts. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyChoices, mergeSiteDocuments } from '../../../engine/document/merge.ts';
import { walkBlocks } from '../../../engine/tree.ts';
import {
  block,
  blocksOf,
  clone,
  deepFreeze,
  DEMOS,
  edit,
  ids,
  KIWI,
  merge,
  page,
  setHeading,
  type Doc,
} from './merge-kit.ts';

describe('mergeSiteDocuments: independent changes merge', () => {
  it('two editors change different blocks on one page', () => {
    const theirs = edit(KIWI, setHeading('home-hero', 'Theirs hero'));
    const mine = edit(KIWI, (d) => (block(d, 'why-us-text')!.props.html = '<p>Mine</p>'));
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(block(merged, 'home-hero')!.props.heading).toBe('Theirs hero');
    expect(block(merged, 'why-us-text')!.props.html).toBe('<p>Mine</p>');
    expect(merged).toEqual(
      edit(theirs, (d) => (block(d, 'why-us-text')!.props.html = '<p>Mine</p>')),
    );
  });

  it('two editors change different pages', () => {
    const theirs = edit(KIWI, (d) => (page(d, 'finance').title = 'Car finance'));
    const mine = edit(
      KIWI,
      (d) =>
        (page(d, 'about').blocks[0].props = {
          ...page(d, 'about').blocks[0].props,
          heading: 'About us',
        }),
    );
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(page(merged, 'finance').title).toBe('Car finance');
    expect(page(merged, 'about').blocks[0].props.heading).toBe('About us');
  });

  it('a feature switch on one side and a block prop on the other', () => {
    const theirs = edit(KIWI, (d) => (d.features.compare = !d.features.compare));
    const mine = edit(KIWI, setHeading('home-hero', 'Mine'));
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(merged.features).toEqual(theirs.features);
    expect(block(merged, 'home-hero')!.props.heading).toBe('Mine');
  });

  it('the same change on both sides is no conflict', () => {
    const both = edit(KIWI, (d) => {
      setHeading('home-hero', 'Same')(d);
      d.features.compare = true;
      page(d, 'home').blocks.push({
        type: 'rich-text',
        id: 'same-new',
        props: { html: '<p>x</p>' },
      });
    });
    const { merged, conflicts } = merge(KIWI, clone(both), clone(both));
    expect(conflicts).toEqual([]);
    expect(merged).toEqual(both);
  });

  it('a block added on each side: both kept, each after its neighbour on the side that added it', () => {
    const theirs = edit(KIWI, (d) =>
      page(d, 'home').blocks.splice(1, 0, {
        type: 'rich-text',
        id: 'theirs-new',
        props: { html: '<p>t</p>' },
      }),
    );
    const mine = edit(KIWI, (d) =>
      page(d, 'home').blocks.splice(3, 0, {
        type: 'rich-text',
        id: 'mine-new',
        props: { html: '<p>m</p>' },
      }),
    );
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(ids(page(merged, 'home').blocks)).toEqual([
      'home-hero',
      'theirs-new',
      'home-features',
      'why-us',
      'mine-new',
      'home-reviews',
    ]);
    // At the same place: theirs (saved first) before mine.
    const at = (id: string) => (d: Doc) =>
      page(d, 'home').blocks.splice(1, 0, { type: 'rich-text', id, props: {} });
    const same = merge(KIWI, edit(KIWI, at('t1')), edit(KIWI, at('m1')));
    expect(ids(page(same.merged, 'home').blocks).slice(0, 4)).toEqual([
      'home-hero',
      't1',
      'm1',
      'home-features',
    ]);
  });

  it('different blocks added under the same new id on both sides: both kept, mine under a fresh id', () => {
    const add = (html: string) => (d: Doc) => {
      page(d, 'home').blocks.push({
        type: 'section',
        id: 'section',
        children: [{ type: 'rich-text', id: 'rich-text', props: { html } }],
      });
    };
    const { merged, conflicts } = merge(
      KIWI,
      edit(KIWI, add('<p>t</p>')),
      edit(KIWI, add('<p>m</p>')),
    );
    expect(conflicts).toEqual([]);
    expect(page(merged, 'home').blocks.slice(-2)).toEqual([
      {
        type: 'section',
        id: 'section',
        children: [{ type: 'rich-text', id: 'rich-text', props: { html: '<p>t</p>' } }],
      },
      {
        type: 'section',
        id: 'section-2',
        children: [{ type: 'rich-text', id: 'rich-text-2', props: { html: '<p>m</p>' } }],
      },
    ]);
    // The same block added at the same place on both sides is one block.
    const same = merge(KIWI, edit(KIWI, add('<p>x</p>')), edit(KIWI, add('<p>x</p>')));
    expect(same.merged).toEqual(edit(KIWI, add('<p>x</p>')));
  });

  it('a block removed on one side and unchanged on the other is removed', () => {
    const removed = edit(KIWI, (d) => page(d, 'home').blocks.splice(1, 1));
    const other = edit(KIWI, setHeading('home-hero', 'Other'));
    for (const [t, m] of [
      [removed, other],
      [other, removed],
    ]) {
      const { merged, conflicts } = merge(KIWI, t, m);
      expect(conflicts).toEqual([]);
      expect(block(merged, 'home-features')).toBeUndefined();
      expect(block(merged, 'home-hero')!.props.heading).toBe('Other');
    }
  });

  it('a block moved on one side and edited on the other is moved and edited', () => {
    const toFinance = edit(KIWI, (d) => {
      const [hero] = page(d, 'home').blocks.splice(0, 1);
      page(d, 'finance').blocks.splice(1, 0, hero);
    });
    const intoSlot = edit(KIWI, (d) => {
      const [hero] = page(d, 'home').blocks.splice(0, 1);
      block(d, 'why-us-columns')!.slots.aside.push(hero);
    });
    const edited = edit(KIWI, setHeading('home-hero', 'Edited'));
    for (const moved of [toFinance, intoSlot]) {
      for (const [t, m] of [
        [moved, edited],
        [edited, moved],
      ]) {
        const { merged, conflicts } = merge(KIWI, t, m);
        expect(conflicts).toEqual([]);
        expect(blocksOf(merged).get('home-hero')!.path).toBe(
          blocksOf(moved).get('home-hero')!.path,
        );
        expect(block(merged, 'home-hero')!.props.heading).toBe('Edited');
        expect([...walkBlocks(merged)].length).toBe([...walkBlocks(KIWI)].length);
      }
    }
  });

  it('a block whose section moved to another page carries the other side’s edit along', () => {
    const theirs = edit(KIWI, (d) =>
      page(d, 'about').blocks.push(...page(d, 'home').blocks.splice(2, 1)),
    );
    const mine = edit(KIWI, (d) => (block(d, 'why-us-text')!.props.html = '<p>new</p>'));
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(blocksOf(merged).get('why-us-text')!.path).toMatch(
      new RegExp(`^/pages/${merged.pages.findIndex((p: Doc) => p.id === 'about')}/blocks/`),
    );
    expect(block(merged, 'why-us-text')!.props.html).toBe('<p>new</p>');
  });

  it('a reorder on one side and an edit on the other', () => {
    const reordered = edit(KIWI, (d) => page(d, 'home').blocks.reverse());
    const edited = edit(KIWI, setHeading('home-hero', 'Edited'));
    for (const [t, m] of [
      [reordered, edited],
      [edited, reordered],
    ]) {
      const { merged, conflicts } = merge(KIWI, t, m);
      expect(conflicts).toEqual([]);
      expect(ids(page(merged, 'home').blocks)).toEqual(ids(page(reordered, 'home').blocks));
      expect(block(merged, 'home-hero')!.props.heading).toBe('Edited');
    }
  });

  it('both reordered differently: theirs’ order, no conflict, nothing lost', () => {
    const theirs = edit(KIWI, (d) => page(d, 'home').blocks.reverse());
    const mine = edit(KIWI, (d) => page(d, 'home').blocks.push(page(d, 'home').blocks.shift()));
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(ids(page(merged, 'home').blocks)).toEqual(ids(page(theirs, 'home').blocks));
  });

  it('records merge by id; value arrays merge whole', () => {
    const theirs = edit(KIWI, (d) => {
      d.locations[0].name = 'Penrose Yard';
      block(d, 'site-header')!.props.menu.push({ label: 'Blog', href: '/blog/vehicle-reviews' });
    });
    const mine = edit(KIWI, (d) => {
      d.locations[0].slug = 'penrose-yard';
      d.locations.push({ ...clone(d.locations[0]), id: 99, slug: 'second' });
      d.hostnames.push('kiwi.localhost');
    });
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(merged.locations[0]).toMatchObject({ name: 'Penrose Yard', slug: 'penrose-yard' });
    expect(merged.locations.map((l: Doc) => l.id)).toEqual([31, 99]);
    expect(block(merged, 'site-header')!.props.menu).toEqual(
      block(theirs, 'site-header')!.props.menu,
    );
    expect(merged.hostnames).toEqual(mine.hostnames);
  });
});

describe('mergeSiteDocuments: purity and fallbacks', () => {
  it('never changes its inputs, shares nothing with them, and is deterministic', () => {
    const base = deepFreeze(clone(KIWI));
    const theirs = deepFreeze(edit(KIWI, setHeading('home-hero', 'T')));
    const mine = deepFreeze(
      edit(KIWI, (d) => (setHeading('home-hero', 'M')(d), page(d, 'home').blocks.reverse())),
    );
    const a = merge(base, theirs, mine);
    expect(merge(base, theirs, mine)).toEqual(a);
    a.merged.features = null as never;
    block(a.merged, 'why-us')!.props.heading = 'mutated';
    expect(block(theirs, 'why-us')!.props.heading).toBe(block(KIWI, 'why-us')!.props.heading);
    expect(() =>
      applyChoices(deepFreeze(a.merged), deepFreeze(a.conflicts), {
        [a.conflicts[0].path]: 'mine',
      }),
    ).not.toThrow();
  });

  it('is browser-safe: the merge modules import no node built-ins', () => {
    const dir = join(import.meta.dirname, '../../../engine/document');
    for (const file of readdirSync(dir).filter((f) => /^merge(-.*)?\.ts$/.test(f))) {
      const imports = [...readFileSync(join(dir, file), 'utf8').matchAll(/from '([^']+)'/g)].map(
        (x) => x[1],
      );
      expect(
        // Their own modules, the block tree (engine/tree.ts, browser-safe itself) and lodash.
        imports.filter(
          (i) => !i.startsWith('./') && !i.startsWith('../tree') && !i.startsWith('lodash-es/'),
        ),
        file,
      ).toEqual([]);
    }
  });

  it('documents whose ids the validator would reject still merge (block lists as values)', () => {
    const dup = edit(KIWI, (d) => page(d, 'home').blocks.push(clone(page(d, 'home').blocks[0])));
    const { merged, conflicts } = merge(
      KIWI,
      dup,
      edit(KIWI, (d) => (d.name = 'Renamed')),
    );
    expect(conflicts).toEqual([]);
    expect(merged).toEqual({ ...dup, name: 'Renamed' });
    expect(mergeSiteDocuments(null, {}, { a: 1 }).merged).toEqual({ a: 1 });
  });

  it.each(DEMOS)(
    'merge(base, x, base) = merge(base, base, x) = x for %s with a few edits',
    (_file, base) => {
      const x = edit(base, (d) => {
        d.name = `${d.name} (edited)`;
        const [first, second] = d.pages;
        first.blocks.reverse();
        second.blocks.push({
          type: 'rich-text',
          id: 'merge-test-new',
          props: { html: '<p>n</p>' },
        });
        const moved = first.blocks.pop();
        second.blocks.unshift(moved);
        if (first.blocks.length)
          first.blocks[0].props = { ...first.blocks[0].props, heading: 'edited' };
        d.pages.splice(2, 1);
        d.features = { ...d.features, compare: !d.features?.compare };
      });
      for (const r of [merge(base, x, base), merge(base, base, x), merge(base, x, x)]) {
        expect(r.conflicts).toEqual([]);
        expect(r.merged).toEqual(x);
      }
    },
  );
});

// ---------------------------------------------------------------- properties
