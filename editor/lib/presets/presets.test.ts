/**
 * The platform's section presets are valid where staff put them: each, inserted into a page,
 * passes the schema and the placement rules, and holds only placeholders for its texts
 * (which publishing refuses until replaced).
 */
import { describe, expect, it } from 'vitest';
import { placeholderIssues } from '../../../engine/site/placeholders.ts';
import { walkList } from '../../../engine/tree.ts';
import { minimalDoc, prepare } from '../../../tests/unit/helpers.ts';
import { matchingPresets, PLATFORM_PRESETS, presetBlocks } from './index.ts';

describe('section presets', () => {
  it.each(PLATFORM_PRESETS.map((p) => [p.label, p] as const))(
    '%s makes a valid page, with placeholders to replace',
    (_label, preset) => {
      const blocks = presetBlocks(preset);
      const doc = minimalDoc({ pages: [{ id: 'home', path: '/', title: 'Home', blocks }] });
      const r = prepare(doc);
      expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
      expect(placeholderIssues(doc).length).toBeGreaterThan(0);
    },
    60_000, // the first check compiles the schemas, slow on a busy machine
  );

  it('gives copies, so inserting twice never shares a block', () => {
    const [preset] = PLATFORM_PRESETS;
    const a = presetBlocks(preset);
    const b = presetBlocks(preset);
    expect(a).toEqual(b);
    expect(a[0]).not.toBe(b[0]);
    expect(preset.blocks[0].props).toBeUndefined();
    expect([...walkList(a)].every((l) => l.block.id)).toBe(true);
  });

  it('are found by words of their label or description', () => {
    expect(matchingPresets('').length).toBe(PLATFORM_PRESETS.length);
    expect(matchingPresets('OFFERS').map((p) => p.id)).toContain('hero-search-offers');
    expect(matchingPresets('no such words')).toEqual([]);
  });
});
