/**
 * Placeholders (docs/site-documents.md, "Placeholders"): a new block starts with its schema's
 * `x-placeholder` words; they pass the schema (a draft may be saved with them) and are refused
 * for publishing, naming the field, until staff write their own.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import heroSchema from '../../../schemas/blocks/hero.schema.json';
import defs from '../../../schemas/defs.schema.json';
import { placeholderIssues } from '../../../engine/site/placeholders.ts';
import { formatSiteDocument } from '../../../engine/document/canonical.ts';
import { startingProps } from '../../../editor/lib/starting-props.ts';
import { checkFiles } from '../../../scripts/validate.ts';
import { minimalDoc, prepare, readSite } from '../helpers.ts';

const HEADING = heroSchema.properties.heading['x-placeholder'];
const BUTTON = defs.$defs.link.properties.label['x-placeholder'];

const withBlocks = (blocks: unknown[]) =>
  minimalDoc({ pages: [{ id: 'home', path: '/', title: 'Home', blocks }] });

describe('placeholders', () => {
  it('are valid for saving and refused for publishing, at the field, naming it', () => {
    const doc = withBlocks([
      { type: 'hero', id: 'hero', props: { heading: HEADING } },
      {
        type: 'call-to-action',
        id: 'cta',
        props: { heading: 'Service specials', actions: [{ label: BUTTON, href: '/' }] },
      },
    ]);
    expect(prepare(doc).ok).toBe(true);
    const issues = placeholderIssues(doc);
    expect(issues.map((i) => i.path)).toEqual([
      '/pages/0/blocks/0/props/heading',
      '/pages/0/blocks/1/props/actions/0/label',
    ]);
    expect(issues[0].message).toMatch(new RegExp(`^Heading still says "${HEADING}"`));
    expect(issues[1].message).toContain(defs.$defs.link.properties.label.title);
  });

  it('are gone once staff write their own words', () => {
    const doc = withBlocks([{ type: 'hero', id: 'hero', props: { heading: 'Winter sale' } }]);
    expect(placeholderIssues(doc)).toEqual([]);
  });

  it('hold every text a new block starts with that staff must replace', () => {
    const blocks = ['hero', 'call-to-action', 'image-text', 'rich-text', 'cards-grid'].map(
      (type) => ({ type, id: type, props: startingProps(type) }),
    );
    const doc = withBlocks(blocks);
    expect(prepare(doc).ok).toBe(true);
    const flagged = new Set(placeholderIssues(doc).map((i) => i.path.split('/')[4]));
    expect([...flagged].sort()).toEqual(['0', '1', '2', '3', '4']);
  });

  it('fail npm run validate (and check:sites) for a file that holds one, and no demo site does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'placeholders-'));
    const site = readSite('gold-coast-ford') as { pages: { blocks: unknown[] }[] };
    site.pages[0].blocks.push({ type: 'hero', id: 'new-hero', props: { heading: HEADING } });
    const file = join(dir, 'gold-coast-ford.json');
    writeFileSync(file, formatSiteDocument(site));
    const [{ lines }] = checkFiles([file]);
    expect(lines.filter((l) => l.includes(`still says "${HEADING}"`))).toHaveLength(1);
    for (const slug of [
      'gold-coast-ford',
      'kiwi-car-yard',
      'lakeside-chevrolet',
      'southern-motor-group',
    ])
      expect(placeholderIssues(readSite(slug)), slug).toEqual([]);
  });
});
