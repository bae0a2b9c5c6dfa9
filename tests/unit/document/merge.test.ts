import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyChoices, mergeSiteDocuments, type MergeConflict } from '../../../engine/document/merge.ts';
import { walkBlocks } from '../../../engine/document/tree.ts';

type Doc = Record<string, any>;

const SITES = join(import.meta.dirname, '../../../sites');
const read = (file: string): Doc => JSON.parse(readFileSync(join(SITES, file), 'utf8'));
const KIWI = read('kiwi-car-yard.json');
const DEMOS = readdirSync(SITES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => [f, read(f)] as const);

const clone = <T>(v: T): T => structuredClone(v);
/** A copy of `doc` changed by `fn`. */
const edit = (doc: Doc, fn: (d: Doc) => void): Doc => {
  const d = clone(doc);
  fn(d);
  return d;
};

/** Every block with its path, and the path of the list it is in. */
function blocksOf(doc: Doc) {
  const out = new Map<string, { block: Doc; path: string; list: string; index: number }>();
  for (const { block, path } of walkBlocks(doc)) {
    const cut = path.lastIndexOf('/');
    out.set(block.id as string, { block, path, list: path.slice(0, cut), index: Number(path.slice(cut + 1)) });
  }
  return out;
}
const block = (doc: Doc, id: string) => blocksOf(doc).get(id)?.block;
/** The list (array) a block is in, from the document root. */
function listOf(doc: Doc, id: string): Doc[] {
  const info = blocksOf(doc).get(id)!;
  return info.list.split('/').slice(1).reduce((node: any, seg) => node[seg], doc);
}
const page = (doc: Doc, id: string) => doc.pages.find((p: Doc) => p.id === id);
const ids = (list: Doc[]) => list.map((x) => x.id);

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

const merge = (base: Doc, theirs: Doc, mine: Doc) => mergeSiteDocuments(base, theirs, mine) as { merged: Doc; conflicts: MergeConflict[] };
const setHeading = (id: string, value: string) => (d: Doc) => {
  const b = block(d, id)!;
  b.props = { ...b.props, heading: value };
};

describe('mergeSiteDocuments: independent changes merge', () => {
  it('two editors change different blocks on one page', () => {
    const theirs = edit(KIWI, setHeading('home-hero', 'Theirs hero'));
    const mine = edit(KIWI, (d) => (block(d, 'why-us-text')!.props.html = '<p>Mine</p>'));
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(block(merged, 'home-hero')!.props.heading).toBe('Theirs hero');
    expect(block(merged, 'why-us-text')!.props.html).toBe('<p>Mine</p>');
    expect(merged).toEqual(edit(theirs, (d) => (block(d, 'why-us-text')!.props.html = '<p>Mine</p>')));
  });

  it('two editors change different pages', () => {
    const theirs = edit(KIWI, (d) => (page(d, 'finance').title = 'Car finance'));
    const mine = edit(KIWI, (d) => (page(d, 'about').blocks[0].props = { ...page(d, 'about').blocks[0].props, heading: 'About us' }));
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
      page(d, 'home').blocks.push({ type: 'rich-text', id: 'same-new', props: { html: '<p>x</p>' } });
    });
    const { merged, conflicts } = merge(KIWI, clone(both), clone(both));
    expect(conflicts).toEqual([]);
    expect(merged).toEqual(both);
  });

  it('a block added on each side: both kept, each after its neighbour on the side that added it', () => {
    const theirs = edit(KIWI, (d) => page(d, 'home').blocks.splice(1, 0, { type: 'rich-text', id: 'theirs-new', props: { html: '<p>t</p>' } }));
    const mine = edit(KIWI, (d) => page(d, 'home').blocks.splice(3, 0, { type: 'rich-text', id: 'mine-new', props: { html: '<p>m</p>' } }));
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(ids(page(merged, 'home').blocks)).toEqual(['home-hero', 'theirs-new', 'home-features', 'why-us', 'mine-new', 'home-reviews']);
    // At the same place: theirs (saved first) before mine.
    const at = (id: string) => (d: Doc) => page(d, 'home').blocks.splice(1, 0, { type: 'rich-text', id, props: {} });
    const same = merge(KIWI, edit(KIWI, at('t1')), edit(KIWI, at('m1')));
    expect(ids(page(same.merged, 'home').blocks).slice(0, 4)).toEqual(['home-hero', 't1', 'm1', 'home-features']);
  });

  it('different blocks added under the same new id on both sides: both kept, mine under a fresh id', () => {
    const add = (html: string) => (d: Doc) => {
      page(d, 'home').blocks.push({ type: 'section', id: 'section', children: [{ type: 'rich-text', id: 'rich-text', props: { html } }] });
    };
    const { merged, conflicts } = merge(KIWI, edit(KIWI, add('<p>t</p>')), edit(KIWI, add('<p>m</p>')));
    expect(conflicts).toEqual([]);
    expect(page(merged, 'home').blocks.slice(-2)).toEqual([
      { type: 'section', id: 'section', children: [{ type: 'rich-text', id: 'rich-text', props: { html: '<p>t</p>' } }] },
      { type: 'section', id: 'section-2', children: [{ type: 'rich-text', id: 'rich-text-2', props: { html: '<p>m</p>' } }] },
    ]);
    // The same block added at the same place on both sides is one block.
    const same = merge(KIWI, edit(KIWI, add('<p>x</p>')), edit(KIWI, add('<p>x</p>')));
    expect(same.merged).toEqual(edit(KIWI, add('<p>x</p>')));
  });

  it('a block removed on one side and unchanged on the other is removed', () => {
    const removed = edit(KIWI, (d) => page(d, 'home').blocks.splice(1, 1));
    const other = edit(KIWI, setHeading('home-hero', 'Other'));
    for (const [t, m] of [[removed, other], [other, removed]]) {
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
      for (const [t, m] of [[moved, edited], [edited, moved]]) {
        const { merged, conflicts } = merge(KIWI, t, m);
        expect(conflicts).toEqual([]);
        expect(blocksOf(merged).get('home-hero')!.path).toBe(blocksOf(moved).get('home-hero')!.path);
        expect(block(merged, 'home-hero')!.props.heading).toBe('Edited');
        expect([...walkBlocks(merged)].length).toBe([...walkBlocks(KIWI)].length);
      }
    }
  });

  it('a block whose section moved to another page carries the other side’s edit along', () => {
    const theirs = edit(KIWI, (d) => page(d, 'about').blocks.push(...page(d, 'home').blocks.splice(2, 1)));
    const mine = edit(KIWI, (d) => (block(d, 'why-us-text')!.props.html = '<p>new</p>'));
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(blocksOf(merged).get('why-us-text')!.path).toMatch(new RegExp(`^/pages/${merged.pages.findIndex((p: Doc) => p.id === 'about')}/blocks/`));
    expect(block(merged, 'why-us-text')!.props.html).toBe('<p>new</p>');
  });

  it('a reorder on one side and an edit on the other', () => {
    const reordered = edit(KIWI, (d) => page(d, 'home').blocks.reverse());
    const edited = edit(KIWI, setHeading('home-hero', 'Edited'));
    for (const [t, m] of [[reordered, edited], [edited, reordered]]) {
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
    expect(block(merged, 'site-header')!.props.menu).toEqual(block(theirs, 'site-header')!.props.menu);
    expect(merged.hostnames).toEqual(mine.hostnames);
  });
});

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
    expect(byLabel[`Page finance: title`]).toBe(`/pages/${KIWI.pages.findIndex((p: Doc) => p.id === 'finance')}/title`);
    const compare = conflicts.find((c) => c.label === 'Feature compare')!;
    expect('base' in compare).toBe(KIWI.features.compare !== undefined);
  });

  it('a block removed on one side and edited on the other: one conflict for the whole block', () => {
    const removed = edit(KIWI, (d) => page(d, 'home').blocks.splice(2, 1)); // section why-us, with its columns
    const edited = edit(KIWI, (d) => (block(d, 'why-us-text')!.props.html = '<p>edited inside</p>'));

    // Mine removed it, theirs changed it: kept (theirs), mine can remove it.
    const a = merge(KIWI, edited, removed);
    expect(a.conflicts).toHaveLength(1);
    expect(a.conflicts[0]).toMatchObject({ path: '/pages/0/blocks/2', label: 'Block section "why-us" on page home: removed by one, changed by the other' });
    expect(a.conflicts[0]).not.toHaveProperty('mine');
    expect(a.conflicts[0].theirs).toEqual(page(edited, 'home').blocks[2]);
    expect(a.conflicts[0].base).toEqual(page(KIWI, 'home').blocks[2]);
    expect(a.merged).toEqual(edited);
    expect(applyChoices(a.merged, a.conflicts, { '/pages/0/blocks/2': 'mine' })).toEqual(removed);

    // Theirs removed it, mine changed it: not in merged; its path numbers it after the list's
    // items (3 remain), and insertAt says where it goes back.
    const b = merge(KIWI, removed, edited);
    expect(b.conflicts).toHaveLength(1);
    expect(b.conflicts[0]).toMatchObject({ path: '/pages/0/blocks/3', insertAt: 2, mine: page(edited, 'home').blocks[2] });
    expect(b.conflicts[0]).not.toHaveProperty('theirs');
    expect(b.merged).toEqual(removed);
    expect(applyChoices(b.merged, b.conflicts, { '/pages/0/blocks/3': 'mine' })).toEqual(edited);
  });

  it('a block added inside a section the other side removed is a conflict, not lost', () => {
    const removed = edit(KIWI, (d) => page(d, 'home').blocks.splice(2, 1));
    const added = edit(KIWI, (d) => block(d, 'why-us')!.children.push({ type: 'rich-text', id: 'inside', props: { html: '<p>i</p>' } }));
    const { merged, conflicts } = merge(KIWI, removed, added);
    expect(conflicts.map((c) => c.label)).toEqual(['Block section "why-us" on page home: removed by one, changed by the other']);
    expect(block(merged, 'inside')).toBeUndefined();
    expect(applyChoices(merged, conflicts, { [conflicts[0].path]: 'mine' })).toEqual(added);
  });

  it('a page removed on one side and changed on the other', () => {
    const i = KIWI.pages.findIndex((p: Doc) => p.id === 'about');
    const removed = edit(KIWI, (d) => d.pages.splice(i, 1));
    const edited = edit(KIWI, (d) => (d.pages[i].blocks[0].props.heading = 'About'));
    const a = merge(KIWI, removed, edited);
    const ghost = `/pages/${KIWI.pages.length - 1}`; // after the pages that remain
    expect(a.conflicts.map((c) => [c.path, c.label, c.insertAt])).toEqual([[ghost, 'Page about: removed by one, changed by the other', i]]);
    expect(applyChoices(a.merged, a.conflicts, { [ghost]: 'mine' })).toEqual(edited);
    const b = merge(KIWI, edited, removed);
    expect(b.merged).toEqual(edited);
    expect(applyChoices(b.merged, b.conflicts, { [`/pages/${i}`]: 'mine' })).toEqual(removed);
    // Removed on one side, untouched on the other: gone.
    expect(merge(KIWI, removed, edit(KIWI, (d) => (d.name = 'X'))).merged.pages.map((p: Doc) => p.id)).not.toContain('about');
  });

  it('two neighbours theirs removed and mine edited: distinct paths, each settled on its own', () => {
    const removed = edit(KIWI, (d) => page(d, 'home').blocks.splice(0, 2));
    const edited = edit(KIWI, (d) => {
      setHeading('home-hero', 'E1')(d);
      setHeading('home-features', 'E2')(d);
    });
    const { merged, conflicts } = merge(KIWI, removed, edited);
    expect(conflicts.map((c) => [c.path, c.insertAt])).toEqual([['/pages/0/blocks/2', 0], ['/pages/0/blocks/3', 0]]);
    expect(applyChoices(merged, conflicts, { '/pages/0/blocks/2': 'mine', '/pages/0/blocks/3': 'mine' })).toEqual(edited);
    const second = applyChoices(merged, conflicts, { '/pages/0/blocks/3': 'mine' });
    expect(ids(page(second, 'home').blocks)).toEqual(['home-features', 'why-us', 'home-reviews']);
  });

  it('both moved one block to different places: theirs’ place, no conflict; crossed moves make no cycle', () => {
    const theirs = edit(KIWI, (d) => page(d, 'about').blocks.push(...page(d, 'home').blocks.splice(0, 1)));
    const mine = edit(KIWI, (d) => page(d, 'finance').blocks.push(...page(d, 'home').blocks.splice(0, 1)));
    const r = merge(KIWI, theirs, mine);
    expect(r.conflicts).toEqual([]);
    expect(ids(page(r.merged, 'about').blocks)).toContain('home-hero');
    // Theirs puts why-us into home-hero's children, mine puts home-hero into why-us.
    const t2 = edit(KIWI, (d) => (block(d, 'home-hero')!.children = page(d, 'home').blocks.splice(2, 1)));
    const m2 = edit(KIWI, (d) => block(d, 'why-us')!.children.push(...page(d, 'home').blocks.splice(0, 1)));
    const crossed = merge(KIWI, t2, m2);
    expect(crossed.conflicts).toEqual([]);
    expect([...blocksOf(crossed.merged).keys()].sort()).toEqual([...blocksOf(KIWI).keys()].sort());
  });
});

describe('mergeSiteDocuments: purity and fallbacks', () => {
  it('never changes its inputs, shares nothing with them, and is deterministic', () => {
    const base = deepFreeze(clone(KIWI));
    const theirs = deepFreeze(edit(KIWI, setHeading('home-hero', 'T')));
    const mine = deepFreeze(edit(KIWI, (d) => (setHeading('home-hero', 'M')(d), page(d, 'home').blocks.reverse())));
    const a = merge(base, theirs, mine);
    expect(merge(base, theirs, mine)).toEqual(a);
    a.merged.features = null as never;
    block(a.merged, 'why-us')!.props.heading = 'mutated';
    expect(block(theirs, 'why-us')!.props.heading).toBe(block(KIWI, 'why-us')!.props.heading);
    expect(() => applyChoices(deepFreeze(a.merged), deepFreeze(a.conflicts), { [a.conflicts[0].path]: 'mine' })).not.toThrow();
  });

  it('is browser-safe: the merge modules import no node built-ins', () => {
    const dir = join(import.meta.dirname, '../../../engine/document');
    for (const file of readdirSync(dir).filter((f) => /^merge(-.*)?\.ts$/.test(f))) {
      const imports = [...readFileSync(join(dir, file), 'utf8').matchAll(/from '([^']+)'/g)].map((x) => x[1]);
      expect(imports.filter((i) => !i.startsWith('./') && i !== 'lodash-es'), file).toEqual([]);
    }
  });

  it('documents whose ids the validator would reject still merge (block lists as values)', () => {
    const dup = edit(KIWI, (d) => page(d, 'home').blocks.push(clone(page(d, 'home').blocks[0])));
    const { merged, conflicts } = merge(KIWI, dup, edit(KIWI, (d) => (d.name = 'Renamed')));
    expect(conflicts).toEqual([]);
    expect(merged).toEqual({ ...dup, name: 'Renamed' });
    expect(mergeSiteDocuments(null, {}, { a: 1 }).merged).toEqual({ a: 1 });
  });

  it.each(DEMOS)('merge(base, x, base) = merge(base, base, x) = x for %s with a few edits', (_file, base) => {
    const x = edit(base, (d) => {
      d.name = `${d.name} (edited)`;
      const [first, second] = d.pages;
      first.blocks.reverse();
      second.blocks.push({ type: 'rich-text', id: 'merge-test-new', props: { html: '<p>n</p>' } });
      const moved = first.blocks.pop();
      second.blocks.unshift(moved);
      if (first.blocks.length) first.blocks[0].props = { ...first.blocks[0].props, heading: 'edited' };
      d.pages.splice(2, 1);
      d.features = { ...d.features, compare: !d.features?.compare };
    });
    for (const r of [merge(base, x, base), merge(base, base, x), merge(base, x, x)]) {
      expect(r.conflicts).toEqual([]);
      expect(r.merged).toEqual(x);
    }
  });
});

// ---------------------------------------------------------------- properties

const BLOCK_IDS = [...blocksOf(KIWI).keys()];
const PAGE_IDS = KIWI.pages.map((p: Doc) => p.id as string);
const FEATURE_KEYS = Object.keys(KIWI.features);
/** Ancestors of each block (by id), to keep the two sides' edits apart. */
const ANCESTORS = new Map<string, Set<string>>();
for (const [id, info] of blocksOf(KIWI)) {
  ANCESTORS.set(id, new Set([...blocksOf(KIWI)].filter(([, o]) => info.path.startsWith(`${o.path}/`)).map(([other]) => other)));
}
const related = (a: string, b: string) => a === b || ANCESTORS.get(a)!.has(b) || ANCESTORS.get(b)!.has(a);
const isLeaf = (id: string) => [...ANCESTORS.values()].every((s) => !s.has(id));

type Edit =
  | { op: 'prop'; target: string; value: string }
  | { op: 'add'; target: string; id: string }
  | { op: 'delete'; target: string }
  | { op: 'move'; target: string; page: string; at: number }
  | { op: 'title'; page: string; value: string }
  | { op: 'feature'; key: string; value: string };

const rawEdit = fc.record({
  op: fc.constantFrom('prop', 'add', 'delete', 'move', 'title', 'feature'),
  target: fc.nat(),
  other: fc.nat(),
  value: fc.string({ maxLength: 8 }),
});
type Raw = typeof rawEdit extends fc.Arbitrary<infer R> ? R : never;

/** Turns random picks into edits; with `against`, only edits that touch nothing the other side touches. */
function resolve(raws: Raw[], side: string, parity: number, against?: Edit[]): Edit[] {
  const mine: Edit[] = [];
  const used = new Set<string>();
  const other = (against ?? []).flatMap((e) => ('target' in e ? [e.target] : []));
  raws.forEach((r, n) => {
    if (r.op === 'title' || r.op === 'feature') {
      const list = r.op === 'title' ? PAGE_IDS : FEATURE_KEYS;
      const i = (r.target % Math.ceil(list.length / 2)) * 2 + parity;
      if (i >= list.length || used.has(`${r.op}:${list[i]}`)) return;
      used.add(`${r.op}:${list[i]}`);
      mine.push(r.op === 'title' ? { op: 'title', page: list[i], value: r.value } : { op: 'feature', key: list[i], value: r.value });
      return;
    }
    const target = BLOCK_IDS[r.target % BLOCK_IDS.length];
    if (used.has(target) || other.some((o) => related(o, target))) return;
    if (r.op === 'delete' && !isLeaf(target)) return;
    used.add(target);
    if (r.op === 'prop') mine.push({ op: 'prop', target, value: `${side}:${r.value}` });
    else if (r.op === 'add') mine.push({ op: 'add', target, id: `${side}-new-${n}` });
    else if (r.op === 'delete') mine.push({ op: 'delete', target });
    else mine.push({ op: 'move', target, page: PAGE_IDS[r.other % PAGE_IDS.length], at: r.other % 3 });
  });
  return mine;
}

function applyEdits(base: Doc, edits: Edit[]): Doc {
  return edit(base, (d) => {
    for (const e of edits) {
      if (e.op === 'title') page(d, e.page).title = e.value;
      else if (e.op === 'feature') d.features[e.key] = e.value;
      else if (!block(d, e.target)) continue;
      else if (e.op === 'prop') setHeading(e.target, e.value)(d);
      else if (e.op === 'add') listOf(d, e.target).splice(blocksOf(d).get(e.target)!.index + 1, 0, { type: 'rich-text', id: e.id, props: { html: '<p>n</p>' } });
      else {
        const [b] = listOf(d, e.target).splice(blocksOf(d).get(e.target)!.index, 1);
        if (e.op === 'move') {
          const p = page(d, e.page);
          (p.blocks ??= []).splice(Math.min(e.at, p.blocks.length), 0, b);
        }
      }
    }
  });
}

const edits = fc.array(rawEdit, { maxLength: 6 });

describe('mergeSiteDocuments: properties', () => {
  it('one side changed: merge(base, x, base), merge(base, base, x) and merge(base, x, x) are x', () => {
    fc.assert(
      fc.property(edits, fc.boolean(), (raws, reorder) => {
        let x = applyEdits(KIWI, resolve(raws, 'x', 0));
        if (reorder) x = edit(x, (d) => page(d, 'home').blocks.reverse());
        for (const r of [merge(KIWI, x, KIWI), merge(KIWI, KIWI, x), merge(KIWI, x, x)]) {
          expect(r.conflicts).toEqual([]);
          expect(r.merged).toEqual(x);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('independent edits to disjoint blocks: both sides’ edits, no conflicts, nothing lost', () => {
    fc.assert(
      fc.property(edits, edits, (rawT, rawM) => {
        const tEdits = resolve(rawT, 'theirs', 0);
        const mEdits = resolve(rawM, 'mine', 1, tEdits);
        const { merged, conflicts } = merge(KIWI, applyEdits(KIWI, tEdits), applyEdits(KIWI, mEdits));
        expect(conflicts).toEqual([]);
        const found = blocksOf(merged);
        expect(found.size).toBe([...walkBlocks(merged)].length); // ids unique
        const deleted = new Set([...tEdits, ...mEdits].flatMap((e) => (e.op === 'delete' ? [e.target] : [])));
        for (const id of BLOCK_IDS) expect(found.has(id)).toBe(!deleted.has(id));
        expect(found.size).toBe(BLOCK_IDS.length - deleted.size + [...tEdits, ...mEdits].filter((e) => e.op === 'add').length);
        for (const e of [...tEdits, ...mEdits]) {
          if (e.op === 'prop') expect(found.get(e.target)!.block.props.heading).toBe(e.value);
          if (e.op === 'title') expect(page(merged, e.page).title).toBe(e.value);
          if (e.op === 'feature') expect(merged.features[e.key]).toBe(e.value);
          if (e.op === 'add') {
            expect(found.get(e.id)!.list).toBe(found.get(e.target)!.list);
            expect(found.get(e.id)!.index).toBeGreaterThan(found.get(e.target)!.index);
          }
          if (e.op === 'move') expect(found.get(e.target)!.list).toBe(`/pages/${merged.pages.findIndex((p: Doc) => p.id === e.page)}/blocks`);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('concurrent edits and removals: applyChoices gives exactly the chosen side per conflict', () => {
    // A small pool (layout, home and search pages) so that both sides often touch the same blocks.
    const pool = [...blocksOf(KIWI)].filter(([, o]) => /^\/(layout|pages\/[01]\/)/.test(o.path)).map(([id]) => id);
    const pick = fc.subarray(pool, { maxLength: 8 });
    const leaves = fc.subarray(pool.filter(isLeaf), { maxLength: 6 });
    fc.assert(
      fc.property(pick, pick, leaves, leaves, fc.func(fc.boolean()), (tEdit, mEdit, tDel, mDel, chooseMine) => {
        const theirs = edit(KIWI, (d) => {
          tEdit.forEach((id) => setHeading(id, `T ${id}`)(d));
          tDel.forEach((id) => listOf(d, id).splice(blocksOf(d).get(id)!.index, 1));
        });
        const mine = edit(KIWI, (d) => {
          mEdit.forEach((id) => setHeading(id, `M ${id}`)(d));
          mDel.forEach((id) => listOf(d, id).splice(blocksOf(d).get(id)!.index, 1));
        });
        const { merged, conflicts } = merge(KIWI, theirs, mine);
        const choices: Record<string, 'mine' | 'theirs'> = {};
        const choice = new Map<string, 'mine' | 'theirs'>();
        for (const c of conflicts) {
          const id = /"([^"]+)"/.exec(c.label)![1];
          choice.set(id, chooseMine(c.path) ? 'mine' : 'theirs');
          choices[c.path] = choice.get(id)!;
        }
        const expected = edit(KIWI, (d) => {
          for (const id of BLOCK_IDS) {
            const [tGone, mGone] = [tDel.includes(id), mDel.includes(id)];
            const [tChanged, mChanged] = [tEdit.includes(id) && !tGone, mEdit.includes(id) && !mGone];
            const mineWins = choice.get(id) === 'mine';
            let state: 'gone' | 'T' | 'M' | 'base';
            if (tGone && mGone) state = 'gone';
            else if (tGone) state = mChanged && mineWins ? 'M' : 'gone';
            else if (mGone) state = tChanged && !mineWins ? 'T' : 'gone';
            else if (tChanged && mChanged) state = mineWins ? 'M' : 'T';
            else state = tChanged ? 'T' : mChanged ? 'M' : 'base';
            if (state === 'gone') listOf(d, id).splice(blocksOf(d).get(id)!.index, 1);
            else if (state !== 'base') setHeading(id, `${state} ${id}`)(d);
          }
          // The merge's order rule: a block put back for mine goes after its neighbour on mine's
          // side, and what theirs kept at that same place comes first (blocks mine removed that
          // theirs changed, kept for theirs).
          for (const id of BLOCK_IDS) {
            const restored = tDel.includes(id) && mEdit.includes(id) && !mDel.includes(id) && choice.get(id) === 'mine';
            if (!restored || !blocksOf(d).has(id)) continue;
            const list = listOf(d, id);
            let at = blocksOf(d).get(id)!.index;
            while (at + 1 < list.length) {
              const next = (list[at + 1] as { id: string }).id;
              const keptForTheirs = mDel.includes(next) && !tDel.includes(next) && tEdit.includes(next) && choice.get(next) !== 'mine';
              if (!keptForTheirs) break;
              [list[at], list[at + 1]] = [list[at + 1], list[at]];
              at++;
            }
          }
        });
        expect(new Set(conflicts.map((c) => c.path)).size).toBe(conflicts.length);
        expect(applyChoices(merged, conflicts, choices)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
