/**
 * Changes in staff words (engine/document/words/change-words.ts), as the editor's review and
 * the server's summaries read them: 50 random edits (seeded) to demo site documents (blocks
 * edited, added, removed, moved; list items; pages; switches; locations; settings; host
 * names) each read with page, block and field named as the editor shows them, never as a
 * JSON path; the risky changes come first.
 */
import { describe, expect, it } from 'vitest';
import { diffSiteDocuments } from '../../../../engine/document/diff.ts';
import { RISK_ORDER } from '../../../../engine/document/risk.ts';
import { staffChangeLines } from '../../../../engine/document/words/change-words.ts';
import { walkBlocks } from '../../../../engine/tree.ts';
import { edit, hasJsonPath, random, read, shown, type Doc } from './random-edits.ts';

/** Every demo site, as shown: their pages hold the real blocks (hero with buttons, cards, locations, columns, rich text, …). */
const SITES = [
  'kiwi-car-yard',
  'gold-coast-ford',
  'lakeside-chevrolet',
  'southern-motor-group',
].map((slug) => shown(read(`sites/${slug}.json`)));

describe('review text in staff words', () => {
  it('50 random edits of demo sites read without a JSON path', () => {
    let changed = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const r = random(seed);
      const before = structuredClone(SITES[seed % SITES.length]);
      const after = structuredClone(before);
      const done = [edit(after, r), edit(after, r)];
      const changes = diffSiteDocuments(before, after);
      const lines = staffChangeLines(changes, { before, after });
      expect(lines.length, `seed ${seed}: ${done.join(', ')}`).toBe(changes.length);
      for (const l of lines)
        expect(hasJsonPath(l.text), `seed ${seed}: ${done.join(', ')}: ${l.text}`).toBe(false);
      changed += changes.length;
    }
    expect(changed).toBeGreaterThan(50);
  }, 60_000); // 50 diffs of whole sites: seconds, more on a loaded machine

  it('the check finds a JSON path wherever the words name a place by one', () => {
    for (const path of [
      'props/heading',
      'contact_detail/special_hours/0/date',
      'colours/primary',
      '/pages/2/blocks/0/props/heading',
      'blocks[0].props.heading',
      'opening_hours',
      '$schema',
    ]) {
      expect(hasJsonPath(`Page Home (/) › ${path}: changed`), path).toBe(true);
      expect(hasJsonPath(`${path} › Heading: “a” → “b”`), path).toBe(true);
    }
    // What staff typed, and a page's address, are not the editor's words.
    expect(
      hasJsonPath('Page Used Fords (/used/ford) › Hero › Link: “/used/ford/0” → “/finance”'),
    ).toBe(false);
  });

  it('names page, block and field as the editor shows them', () => {
    const before = structuredClone(SITES[0]);
    const after = structuredClone(before);
    const hero = [...walkBlocks(after)].find((l) => l.block.id === 'home-hero')!;
    (hero.block.props as Doc).heading = 'Kiwi owned, Kiwi loved';
    const [line] = staffChangeLines(diffSiteDocuments(before, after), { before, after });
    expect(line.text).toMatch(
      /^Page [^›]+ \(\/\) › Hero home-hero › Heading: “Quality used cars, Kiwi owned” → “Kiwi owned, Kiwi loved”$/,
    );
  });

  it('lists the risky changes first: switches, host names, outside links', () => {
    const before = structuredClone(SITES[0]);
    const after = structuredClone(before);
    const hero = [...walkBlocks(after)].find((l) => l.block.id === 'home-hero')!;
    (hero.block.props as Doc).heading = 'A new heading';
    after.features = { ...after.features, compare: !after.features?.compare };
    after.hostnames = [...after.hostnames, 'www.elsewhere.example'];
    const lines = staffChangeLines(diffSiteDocuments(before, after), { before, after });
    expect(lines.map((l) => l.risk)).toEqual(['host', 'feature', undefined]);
    expect(RISK_ORDER.indexOf('host')).toBeLessThan(RISK_ORDER.indexOf('feature'));
    expect(lines[2].text).toMatch(/Heading/);
  });
});
