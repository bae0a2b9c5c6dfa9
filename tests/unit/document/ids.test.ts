import { describe, expect, it } from 'vitest';
import {
  collectBlockIds,
  idStem,
  isValidBlockId,
  nextBlockId,
  withFreshIds,
} from '../../../engine/tree/ids.ts';
import { createSiteValidator, duplicateBlockIds } from '../../../engine/schema/validator.ts';

const doc = {
  layout: { header: [{ type: 'header', id: 'header' }] },
  pages: [
    {
      id: 'home',
      path: '/',
      title: 'Home',
      blocks: [
        { type: 'hero', id: 'hero', props: { heading: 'A' } },
        { type: 'hero', id: 'hero-2', props: { heading: 'B' } },
        {
          type: 'section',
          id: 'section',
          children: [{ type: 'rich-text', id: 'rich-text', props: { html: '<p>x</p>' } }],
        },
        {
          type: 'columns',
          id: 'columns',
          slots: { main: [{ type: 'hero', id: 'hero-4', props: { heading: 'C' } }] },
        },
      ],
    },
  ],
};

describe('readable block ids', () => {
  it('gives a new block its type as id, then type-2, type-3… skipping taken ones', () => {
    expect(nextBlockId(doc, 'carousel')).toBe('carousel');
    expect(nextBlockId(doc, 'hero')).toBe('hero-3');
    expect(nextBlockId(doc, 'rich-text')).toBe('rich-text-2');
    expect(nextBlockId(doc, 'header')).toBe('header-2');
    expect(nextBlockId(doc, 'hero', ['hero-3'])).toBe('hero-5');
    expect(nextBlockId({}, 'hero')).toBe('hero');
  });

  it('makes every id valid for the schema, from any hint', () => {
    expect(idStem('Search results!')).toBe('search-results');
    expect(idStem('2 columns')).toBe('columns');
    expect(idStem('Café crème')).toBe('cafe-creme');
    expect(idStem('!!!')).toBe('block');
    for (const hint of ['Search results!', 'x'.repeat(100), '---', 'Ünïcödé', '9'])
      expect(isValidBlockId(nextBlockId(doc, hint))).toBe(true);
  });

  it('duplicating a subtree gives every copied block a fresh id with the same stem', () => {
    const copy = withFreshIds(doc, doc.pages[0].blocks[2]);
    expect(copy.id).toBe('section-2');
    expect(copy.children![0].id).toBe('rich-text-2');
    expect(doc.pages[0].blocks[2].id, 'the original is untouched').toBe('section');
    const ids = collectBlockIds(doc, { pages: [{ blocks: [copy] }] });
    expect(ids.size).toBe(collectBlockIds(doc).size + 2);
  });

  it('the validator rejects duplicate ids, naming both paths', () => {
    const dup = structuredClone(doc) as any;
    dup.pages[0].blocks[3].slots.main[0].id = 'hero';
    dup.layout.footer = [{ type: 'footer', id: 'section' }];
    // Layout lists come first in document order, so the page's block is the repeat.
    expect(duplicateBlockIds(dup)).toEqual([
      {
        path: '/pages/0/blocks/2/id',
        message: 'duplicate block id "section", also used at /layout/footer/0/id',
      },
      {
        path: '/pages/0/blocks/3/slots/main/0/id',
        message: 'duplicate block id "hero", also used at /pages/0/blocks/0/id',
      },
    ]);
    const issues = createSiteValidator().validate({
      schemaVersion: 2,
      slug: 'x',
      name: 'X',
      ...dup,
    });
    expect(issues).toContainEqual({
      path: '/pages/0/blocks/3/slots/main/0/id',
      message: 'duplicate block id "hero", also used at /pages/0/blocks/0/id',
    });
    expect(issues.filter((i) => i.message.startsWith('duplicate'))).toHaveLength(2);
  });

  it('blocks without an id are reported as missing ids, not as duplicates of each other', () => {
    const noIds = {
      pages: [
        {
          id: 'home',
          path: '/',
          title: 'H',
          blocks: [
            { type: 'hero', props: { heading: 'a' } },
            { type: 'hero', props: { heading: 'b' } },
          ],
        },
      ],
    };
    expect(duplicateBlockIds(noIds)).toEqual([]);
    const issues = createSiteValidator().validate({
      schemaVersion: 2,
      slug: 'x',
      name: 'X',
      ...noIds,
    });
    expect(issues).toContainEqual({ path: '/pages/0/blocks/0/id', message: 'is required' });
    expect(issues.some((i) => i.message.includes('duplicate'))).toBe(false);
  });
});
