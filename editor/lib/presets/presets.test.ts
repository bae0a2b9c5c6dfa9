/**
 * The platform's section presets are valid where staff put them: each, inserted into a page,
 * passes the schema and the placement rules, and holds only placeholders for its texts
 * (which publishing refuses until replaced).
 */
import { describe, expect, it } from 'vitest';
import { diffSiteDocuments } from '../../../engine/document/diff.ts';
import { staffChangeLines } from '../../../engine/document/words/change-words.ts';
import { placeholderIssues } from '../../../engine/site/placeholders.ts';
import { hasJsonPath } from '../../../tests/unit/document/words/random-edits.ts';
import { walkBlocks, walkList } from '../../../engine/tree.ts';
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

  it("a site's own presets are its data: valid beside its pages (ids of their own), never on a page, reviewed in staff words", () => {
    const hero = { type: 'hero', id: 'hero', props: { heading: 'Welcome to City Motors' } };
    const home = { id: 'home', path: '/', title: 'Home', blocks: [hero] };
    const before = minimalDoc({ pages: [home] });
    const after = minimalDoc({
      pages: [home],
      presets: [{ id: 'welcome', label: 'Welcome', blocks: [structuredClone(hero)] }],
    });
    const r = prepare(after);
    expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
    expect(placeholderIssues(after)).toEqual([]);
    // The page's blocks are all a walk of the site finds (what rendering and the id rules read).
    expect([...walkBlocks(after)].map((l) => l.path)).toEqual(['/pages/0/blocks/0']);
    expect(
      prepare(minimalDoc({ pages: [home], presets: [{ id: 'x', label: 'X', blocks: [] }] })).ok,
    ).toBe(false);
    const lines = staffChangeLines(diffSiteDocuments(before, after), { before, after });
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(hasJsonPath(l.text), l.text).toBe(false);
    // Named as staff named it, not as the stored JSON.
    expect(lines.map((l) => l.text)).toEqual(['Site › Section presets: set to “Welcome”']);
  }, 60_000);
});
