/** The one block-tree module: locations, walks, subtree copies and JSON Pointers. */
import { describe, expect, it } from 'vitest';
import {
  allAreas,
  decodePointerSegment,
  encodePointerSegment,
  findBlock,
  fromPointer,
  getList,
  mapBlocks,
  mapSubtree,
  pairBlocks,
  toPointer,
  eachBlock,
  walkBlocks,
  walkEntries,
  walkList,
  walkView,
  type TreeBlock,
} from '../../../engine/tree.ts';

const doc = {
  layout: { header: [{ type: 'header', id: 'top' }], footer: [] },
  pages: [
    {
      id: 'home',
      blocks: [
        { type: 'section', id: 'sec', children: [{ type: 'hero', id: 'hero' }] },
        {
          type: 'columns',
          id: 'cols',
          slots: { 'left/side': [{ type: 'rich-text', id: 'txt' }], right: [] },
        },
      ],
    },
    { id: 'about', blocks: [{ type: 'hero', id: 'about-hero' }] },
  ],
};

describe('walking the block tree', () => {
  it('visits every block once, depth first in document order, with its list, index, pointer and ancestors', () => {
    const seen = [...walkBlocks(doc)].map(({ block, ref, index, path, ancestors }) => [
      block.id,
      ref,
      index,
      path,
      ancestors,
    ]);
    expect(seen).toEqual([
      ['top', { area: 'layout:header' }, 0, '/layout/header/0', []],
      ['sec', { area: 'page:home' }, 0, '/pages/0/blocks/0', []],
      ['hero', { area: 'page:home', parent: 'sec' }, 0, '/pages/0/blocks/0/children/0', ['sec']],
      ['cols', { area: 'page:home' }, 1, '/pages/0/blocks/1', []],
      [
        'txt',
        { area: 'page:home', parent: 'cols', slot: 'left/side' },
        0,
        '/pages/0/blocks/1/slots/left~1side/0',
        ['cols'],
      ],
      ['about-hero', { area: 'page:about' }, 0, '/pages/1/blocks/0', []],
    ]);
  });

  it('walks each page by position, so a repeated page id still has both pages walked once', () => {
    const twice = {
      pages: [
        { id: 'p', blocks: [{ id: 'a' }] },
        { id: 'p', blocks: [{ id: 'b' }] },
      ],
    };
    expect([...walkBlocks(twice)].map((l) => [l.block.id, l.path])).toEqual([
      ['a', '/pages/0/blocks/0'],
      ['b', '/pages/1/blocks/0'],
    ]);
  });

  it('limits a walk to the areas asked for, and finds blocks and lists by reference', () => {
    expect([...walkBlocks(doc, ['page:about'])].map((l) => l.block.id)).toEqual(['about-hero']);
    expect(allAreas(doc)).toEqual(['layout:header', 'layout:footer', 'page:home', 'page:about']);
    expect(findBlock(doc, 'txt')?.path).toBe('/pages/0/blocks/1/slots/left~1side/0');
    expect(findBlock(doc, 'txt', ['page:about'])).toBeUndefined();
    expect(getList(doc, { area: 'page:home', parent: 'cols', slot: 'right' })).toEqual([]);
    expect(getList(doc, { area: 'page:home', parent: 'missing' })).toBeUndefined();
  });

  it('skips what is not a block, while walkEntries reports every entry with its parent and page', () => {
    const odd = {
      pages: [
        {
          id: 'p',
          blocks: [
            null,
            'text',
            [1],
            { id: 'a', children: [7, { id: 'b' }], slots: ['not', 'a', 'map'] },
          ],
        },
      ],
    };
    expect([...walkBlocks(odd)].map((l) => l.block.id)).toEqual(['a', 'b']);
    expect(
      [...walkEntries(odd)].map((e) => [
        e.value === null ? null : typeof e.value,
        e.path,
        e.parentPath,
        e.page,
      ]),
    ).toEqual([
      [null, '/pages/0/blocks/0', undefined, 0],
      ['string', '/pages/0/blocks/1', undefined, 0],
      ['object', '/pages/0/blocks/2', undefined, 0],
      ['object', '/pages/0/blocks/3', undefined, 0],
      ['number', '/pages/0/blocks/3/children/0', '/pages/0/blocks/3', 0],
      ['object', '/pages/0/blocks/3/children/1', '/pages/0/blocks/3', 0],
    ]);
  });

  it('walks a list on its own, and a view enters only the lists the reader names, announcing each', () => {
    expect([...walkList(doc.pages[0].blocks)].map((l) => l.block.id)).toEqual([
      'sec',
      'hero',
      'cols',
      'txt',
    ]);
    const steps = [
      ...walkView<TreeBlock>(doc.pages[0].blocks, { area: 'page:home' }, (b) =>
        b.id === 'cols' ? ['right', 'left/side'] : [],
      ),
    ];
    expect(steps.map((s) => ('list' in s ? `list ${s.list.slot}` : s.block.block.id))).toEqual([
      'sec',
      'cols',
      'list right',
      'list left/side',
      'txt',
    ]);
  });

  it('visits the blocks of a list alone (no locations) in the same order as walkList, skipping what is not a block', () => {
    const seen: string[] = [];
    eachBlock(
      [
        ...doc.pages[0].blocks,
        'junk',
        null,
        { type: 'hero', id: 'last', slots: { a: [{ type: 'x', id: 'deep' }, 3] } },
      ],
      (b) => seen.push(b.id),
    );
    expect(seen).toEqual(['sec', 'hero', 'cols', 'txt', 'last', 'deep']);
    eachBlock(undefined, () => seen.push('never'));
    expect(seen).not.toContain('never');
  });
});

describe('copying a subtree', () => {
  it('applies the change top-down (a block before its children, children before slots) and can leave entries out', () => {
    const order: string[] = [];
    const block = doc.pages[0].blocks[1] as TreeBlock;
    const copy = mapSubtree(block, (b) => {
      order.push(b.id);
      return { ...b, id: `${b.id}-2` };
    });
    expect(order).toEqual(['cols', 'txt']);
    expect(copy).toEqual({
      type: 'columns',
      id: 'cols-2',
      slots: { 'left/side': [{ type: 'rich-text', id: 'txt-2' }], right: [] },
    });
    expect(block.id).toBe('cols'); // the original is untouched
    const pruned = mapSubtree(
      doc.pages[0].blocks[0] as TreeBlock,
      (b) => b,
      (b) => (b as TreeBlock).id !== 'hero',
    );
    expect(pruned.children).toEqual([]);
  });
});

describe('mapping a list bottom-up, sharing what did not change', () => {
  const list = doc.pages[0].blocks as TreeBlock[];

  it('hands each block its lists already mapped, children and slots, and keeps non-blocks', () => {
    const seen: string[] = [];
    const mapped = mapBlocks<TreeBlock>([...list, 7 as unknown as TreeBlock], (b, lists) => {
      seen.push(b.id);
      return { ...b, ...lists, id: `${b.id}!` };
    })!;
    expect(seen).toEqual(['hero', 'sec', 'txt', 'cols']);
    expect(mapped[0]).toEqual({
      type: 'section',
      id: 'sec!',
      children: [{ type: 'hero', id: 'hero!' }],
    });
    expect(mapped[1].slots).toEqual({
      'left/side': [{ type: 'rich-text', id: 'txt!' }],
      right: [],
    });
    expect(mapped[2]).toBe(7);
  });

  it('returns the same list, and the same slots object, when nothing changed on a path', () => {
    const same = mapBlocks<TreeBlock>(list, (b, lists) =>
      lists.children === b.children && lists.slots === b.slots ? b : { ...b, ...lists },
    );
    expect(same).toBe(list);
    const one = mapBlocks<TreeBlock>(list, (b, lists) => {
      if (b.id === 'hero') return { ...b, props: { title: 'x' } };
      return lists.children === b.children && lists.slots === b.slots ? b : { ...b, ...lists };
    })!;
    expect(one).not.toBe(list);
    expect(one[0]).not.toBe(list[0]);
    expect(one[0].children![0].props).toEqual({ title: 'x' });
    expect(one[1]).toBe(list[1]); // the other branch is the very object it was
  });

  it('gives up as a whole when one block cannot be mapped', () => {
    expect(mapBlocks<TreeBlock>(list, (b) => (b.id === 'txt' ? undefined : b))).toBeUndefined();
  });
});

describe('pairing two trees of the same shape', () => {
  const before = structuredClone(doc.pages[0].blocks) as TreeBlock[];

  it('pairs the blocks that differ by position, skipping identical lists', () => {
    const after = [{ ...before[0], props: { a: 1 } }, before[1]];
    expect(pairBlocks(before, after)).toEqual([[before[0], after[0]]]);
    expect(pairBlocks(before, before)).toEqual([]);
  });

  it('says "shape" for a move, a new block, a changed type or a block moved into a slot', () => {
    expect(pairBlocks(before, [before[1], before[0]])).toBe('shape');
    expect(pairBlocks(before, [...before, { type: 'hero', id: 'new' }])).toBe('shape');
    expect(pairBlocks(before, [{ ...before[0], type: 'hero' }, before[1]])).toBe('shape');
    const moved = structuredClone(before);
    moved[1].slots!.right = moved[1].slots!['left/side'].splice(0, 1);
    expect(pairBlocks(before, moved)).toBe('shape');
    const nested = structuredClone(before);
    nested[0].children = [];
    expect(pairBlocks(before, nested)).toBe('shape');
  });
});

describe('JSON Pointer', () => {
  it('escapes ~ and / in segments and reads them back, for any segment', () => {
    for (const segment of ['plain', 'a/b', 'a~b', '~1', '~0/~', '', '0']) {
      expect(decodePointerSegment(encodePointerSegment(segment))).toBe(segment);
    }
    expect(encodePointerSegment('a~/b')).toBe('a~0~1b');
    expect(toPointer(['pages', 0, 'a/b'])).toBe('/pages/0/a~1b');
    expect(fromPointer('/pages/0/a~1b')).toEqual(['pages', '0', 'a/b']);
    expect(fromPointer('')).toEqual([]);
    expect(fromPointer('#/%24defs/x~1y')).toEqual(['$defs', 'x/y']);
  });
});
