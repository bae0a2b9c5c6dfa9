/**
 * Where a block may go (docs/site-documents.md, "Where a block may go"): a slot's or a
 * container's `accepts` and `maxBlocks`, checked on the document itself, so a hand-edited file
 * is refused like a drop in the editor.
 */
import { describe, expect, it } from 'vitest';
import { blockSchemas, blockTypes } from '../../../schemas/index.gen.ts';
import {
  fullnessOf,
  listRule,
  refusalOf,
  WIDTH_CLASSES,
  widthOf,
} from '../../../engine/site/placement.ts';
import { minimalDoc, prepare } from '../helpers.ts';

const rich = (id: string) => ({ type: 'rich-text', id, props: { html: `<p>${id}</p>` } });

const page = (blocks: unknown[]) =>
  minimalDoc({ pages: [{ id: 'home', path: '/', title: 'Home', blocks }] });

const issuesOf = (doc: unknown) => {
  const r = prepare(doc);
  return r.ok ? [] : r.issues;
};

describe('placement rules', () => {
  it('refuses a full-width hero in half a column, at its path, saying why', () => {
    const issues = issuesOf(
      page([
        {
          type: 'columns',
          id: 'cols',
          slots: {
            main: [rich('left')],
            aside: [{ type: 'hero', id: 'h', props: { heading: 'H' } }],
          },
        },
      ]),
    );
    const rule = listRule('columns', 'aside')!;
    expect(issues).toEqual([
      { path: '/pages/0/blocks/0/slots/aside/0', message: refusalOf(rule, 'hero') },
    ]);
    expect(issues[0].message).toMatch(/^Second column of Columns takes content blocks only/);
    expect(issues[0].message).toContain('Hero needs the full width');
  });

  it('takes content blocks in a column and a hero in a section', () => {
    const doc = page([
      { type: 'columns', id: 'cols', slots: { main: [rich('a')], aside: [rich('b')] } },
      {
        type: 'section',
        id: 's',
        children: [{ type: 'hero', id: 'h', props: { heading: 'H' } }, rich('c')],
      },
    ]);
    expect(issuesOf(doc)).toEqual([]);
  });

  it('refuses a list over its maximum once, at the list, with how many to take out', () => {
    const max = listRule('columns', 'main')!.maxBlocks!;
    const blocks = Array.from({ length: max + 2 }, (_, i) => rich(`t${i}`));
    const issues = issuesOf(page([{ type: 'columns', id: 'cols', slots: { main: blocks } }]));
    expect(issues).toEqual([
      {
        path: '/pages/0/blocks/0/slots/main',
        message: `${fullnessOf(listRule('columns', 'main')!, max + 2, 0)}; it has ${max + 2}: remove or move 2 blocks`,
      },
    ]);
    // Exactly the maximum is fine.
    const atMax = page([{ type: 'columns', id: 'cols', slots: { main: blocks.slice(0, max) } }]);
    expect(issuesOf(atMax)).toEqual([]);
  });

  it('refuses a section inside a section (the container list, not a slot)', () => {
    const issues = issuesOf(
      page([{ type: 'section', id: 'outer', children: [{ type: 'section', id: 'inner' }] }]),
    );
    expect(issues.map((i) => i.path)).toEqual(['/pages/0/blocks/0/children/0']);
    expect(issues[0].message).toMatch(/^Section takes .* only, not Section/);
  });

  it('reads only known words in the schemas: block types or width classes', () => {
    for (const w of WIDTH_CLASSES) expect(blockTypes).not.toContain(w);
    const known = new Set<string>([...blockTypes, ...WIDTH_CLASSES]);
    for (const [type, schema] of Object.entries(blockSchemas)) {
      const x = (schema as { 'x-block'?: Record<string, any> })['x-block'] ?? {};
      if (x.width !== undefined) expect(WIDTH_CLASSES, type).toContain(x.width);
      const lists = [x, ...Object.values((x.slots ?? {}) as Record<string, any>)];
      for (const list of lists) {
        for (const name of list.accepts ?? [])
          expect(known.has(name), `${type}: ${name}`).toBe(true);
        if (list.maxBlocks !== undefined) expect(list.maxBlocks, type).toBeGreaterThan(0);
      }
    }
    expect(widthOf('hero')).toBe('full-width');
    expect(widthOf('rich-text')).toBe('content');
  });
});
