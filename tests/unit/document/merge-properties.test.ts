/** Three-way merge of site documents (engine/document/merge.ts) under random edits of the Kiwi demo site (fast-check). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyChoices } from '../../../engine/document/merge.ts';
import { walkBlocks } from '../../../engine/tree.ts';
import {
  block,
  blocksOf,
  edit,
  ids,
  KIWI,
  listOf,
  merge,
  page,
  setHeading,
  type Doc,
} from './merge-kit.ts';

const BLOCK_IDS = [...blocksOf(KIWI).keys()];
const PAGE_IDS = KIWI.pages.map((p: Doc) => p.id as string);
const FEATURE_KEYS = Object.keys(KIWI.features);
/** Ancestors of each block (by id), to keep the two sides' edits apart. */
const ANCESTORS = new Map<string, Set<string>>();
for (const [id, info] of blocksOf(KIWI)) {
  ANCESTORS.set(
    id,
    new Set(
      [...blocksOf(KIWI)]
        .filter(([, o]) => info.path.startsWith(`${o.path}/`))
        .map(([other]) => other),
    ),
  );
}
const related = (a: string, b: string) =>
  a === b || ANCESTORS.get(a)!.has(b) || ANCESTORS.get(b)!.has(a);
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
      mine.push(
        r.op === 'title'
          ? { op: 'title', page: list[i], value: r.value }
          : { op: 'feature', key: list[i], value: r.value },
      );
      return;
    }
    const target = BLOCK_IDS[r.target % BLOCK_IDS.length];
    if (used.has(target) || other.some((o) => related(o, target))) return;
    if (r.op === 'delete' && !isLeaf(target)) return;
    used.add(target);
    if (r.op === 'prop') mine.push({ op: 'prop', target, value: `${side}:${r.value}` });
    else if (r.op === 'add') mine.push({ op: 'add', target, id: `${side}-new-${n}` });
    else if (r.op === 'delete') mine.push({ op: 'delete', target });
    else
      mine.push({ op: 'move', target, page: PAGE_IDS[r.other % PAGE_IDS.length], at: r.other % 3 });
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
      else if (e.op === 'add')
        listOf(d, e.target).splice(blocksOf(d).get(e.target)!.index + 1, 0, {
          type: 'rich-text',
          id: e.id,
          props: { html: '<p>n</p>' },
        });
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
        const { merged, conflicts } = merge(
          KIWI,
          applyEdits(KIWI, tEdits),
          applyEdits(KIWI, mEdits),
        );
        expect(conflicts).toEqual([]);
        const found = blocksOf(merged);
        expect(found.size).toBe([...walkBlocks(merged)].length); // ids unique
        const deleted = new Set(
          [...tEdits, ...mEdits].flatMap((e) => (e.op === 'delete' ? [e.target] : [])),
        );
        for (const id of BLOCK_IDS) expect(found.has(id)).toBe(!deleted.has(id));
        expect(found.size).toBe(
          BLOCK_IDS.length -
            deleted.size +
            [...tEdits, ...mEdits].filter((e) => e.op === 'add').length,
        );
        for (const e of [...tEdits, ...mEdits]) {
          if (e.op === 'prop') expect(found.get(e.target)!.block.props.heading).toBe(e.value);
          if (e.op === 'title') expect(page(merged, e.page).title).toBe(e.value);
          if (e.op === 'feature') expect(merged.features[e.key]).toBe(e.value);
          if (e.op === 'add') {
            expect(found.get(e.id)!.list).toBe(found.get(e.target)!.list);
            expect(found.get(e.id)!.index).toBeGreaterThan(found.get(e.target)!.index);
          }
          if (e.op === 'move')
            expect(found.get(e.target)!.list).toBe(
              `/pages/${merged.pages.findIndex((p: Doc) => p.id === e.page)}/blocks`,
            );
        }
      }),
      { numRuns: 80 },
    );
  });

  it('concurrent edits and removals: applyChoices gives exactly the chosen side per conflict', () => {
    // A small pool (layout, home and search pages) so that both sides often touch the same blocks.
    const pool = [...blocksOf(KIWI)]
      .filter(([, o]) => /^\/(layout|pages\/[01]\/)/.test(o.path))
      .map(([id]) => id);
    const pick = fc.subarray(pool, { maxLength: 8 });
    const leaves = fc.subarray(pool.filter(isLeaf), { maxLength: 6 });
    fc.assert(
      fc.property(
        pick,
        pick,
        leaves,
        leaves,
        fc.func(fc.boolean()),
        (tEdit, mEdit, tDel, mDel, chooseMine) => {
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
              const [tChanged, mChanged] = [
                tEdit.includes(id) && !tGone,
                mEdit.includes(id) && !mGone,
              ];
              const mineWins = choice.get(id) === 'mine';
              let state: 'gone' | 'T' | 'M' | 'base';
              if (tGone && mGone) state = 'gone';
              else if (tGone) state = mChanged && mineWins ? 'M' : 'gone';
              else if (mGone) state = tChanged && !mineWins ? 'T' : 'gone';
              else if (tChanged && mChanged) state = mineWins ? 'M' : 'T';
              else state = tChanged ? 'T' : mChanged ? 'M' : 'base';
              // Nobody reordered, so what is left keeps base's order, blocks put back included.
              if (state === 'gone') listOf(d, id).splice(blocksOf(d).get(id)!.index, 1);
              else if (state !== 'base') setHeading(id, `${state} ${id}`)(d);
            }
          });
          expect(new Set(conflicts.map((c) => c.path)).size).toBe(conflicts.length);
          expect(applyChoices(merged, conflicts, choices)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('mergeSiteDocuments: order of blocks kept from both sides (examples the properties found)', () => {
  const SEARCH = ['search-results', ...[1, 2, 3, 4, 5].map((n) => `search-promo-${n}`)];
  const without = (d: Doc, ...gone: string[]) =>
    gone.forEach((id) => listOf(d, id).splice(blocksOf(d).get(id)!.index, 1));
  const settle = (theirs: Doc, mine: Doc, pick: Record<string, 'mine' | 'theirs'>) => {
    const { merged, conflicts } = merge(KIWI, theirs, mine);
    const choices = Object.fromEntries(
      conflicts.map((c) => [c.path, pick[/"([^"]+)"/.exec(c.label)![1]]]),
    );
    expect(Object.values(choices)).not.toContain(undefined);
    return applyChoices(merged, conflicts, choices);
  };

  it('blocks put back for mine keep base order beside a block kept for theirs (seed -1138550710)', () => {
    expect(ids(page(KIWI, 'search').blocks)).toEqual(SEARCH);
    const theirs = edit(KIWI, (d) => {
      setHeading('search-promo-5', 'T5')(d);
      without(d, 'search-promo-1', 'search-promo-2', 'search-promo-4');
    });
    const mine = edit(KIWI, (d) => {
      setHeading('search-promo-1', 'M1')(d);
      setHeading('search-promo-2', 'M2')(d);
      without(d, 'search-promo-3', 'search-promo-5');
    });
    const out = settle(theirs, mine, {
      'search-promo-1': 'mine',
      'search-promo-2': 'mine',
      'search-promo-5': 'theirs',
    });
    // Nobody reordered: promo 5 stays after 1 and 2, as in base (it came first before the fix).
    expect(ids(page(out, 'search').blocks)).toEqual([
      'search-results',
      'search-promo-1',
      'search-promo-2',
      'search-promo-5',
    ]);
    expect(
      page(out, 'search')
        .blocks.map((b: Doc) => b.props.heading)
        .slice(1),
    ).toEqual(['M1', 'M2', 'T5']);
  });

  it('when mine reordered, a block kept for theirs still goes before one base has after it', () => {
    const theirs = edit(KIWI, (d) => {
      setHeading('search-promo-1', 'T1')(d);
      without(d, 'search-promo-2');
    });
    const mine = edit(KIWI, (d) => {
      setHeading('search-promo-2', 'M2')(d);
      without(d, 'search-promo-1');
      const list = page(d, 'search').blocks;
      list.unshift(...list.splice(list.length - 1, 1)); // promo 5 to the top
    });
    const out = settle(theirs, mine, { 'search-promo-1': 'theirs', 'search-promo-2': 'mine' });
    expect(ids(page(out, 'search').blocks)).toEqual([
      'search-promo-5',
      'search-results',
      'search-promo-1',
      'search-promo-2',
      'search-promo-3',
      'search-promo-4',
    ]);
  });
});
