/**
 * The semantic diff (docs/site-documents.md, "Semantic diff"): a document against itself,
 * pages renamed, added and removed, the Markdown and JSON renderings, the pages a change
 * touches. Block changes are diff-blocks.test.ts's, settings and data diff-settings.test.ts's.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import cloneDeep from 'lodash-es/cloneDeep.js';
import { describe, expect, it } from 'vitest';
import { diffSiteDocuments, touchedPages } from '../../../engine/document/diff.ts';
import {
  renderJson,
  renderMarkdown,
  renderReport,
  renderText,
} from '../../../engine/document/diff-render.ts';
import { base, diffAfter, hero, kinds } from './diff-kit.ts';

const SITES = join(import.meta.dirname, '../../../sites');
const read = (f: string) => JSON.parse(readFileSync(join(SITES, f), 'utf8'));

describe('semantic diff', () => {
  it('diffing any demo site or template with itself yields nothing', () => {
    const files = [
      ...readdirSync(SITES).filter((f) => f.endsWith('.json')),
      ...readdirSync(join(SITES, 'templates')).map((f) => `templates/${f}`),
    ];
    for (const f of files) {
      expect(diffSiteDocuments(read(f), read(f)), f).toEqual([]);
      expect(renderText(diffSiteDocuments(read(f), cloneDeep(read(f))))).toBe('');
    }
    expect(diffSiteDocuments(base(), base())).toEqual([]);
  });

  it('names page renames (title or path), additions and removals with their blocks folded in', () => {
    const changes = diffAfter((d) => {
      d.pages[1].title = 'Car finance';
      d.pages[1].path = '/car-finance';
      d.pages.splice(2, 1);
      d.pages.push({
        id: 'trade-in',
        path: '/trade-in',
        title: 'Trade-in',
        blocks: [{ type: 'section', id: 'ti', children: [hero('ti-hero')] }],
      });
    });
    expect(renderText(changes)).toBe(
      [
        'Page about removed (was /about, with 2 blocks)',
        'Page trade-in added at /trade-in titled "Trade-in", with 2 blocks',
        'Page finance renamed: title "Finance" → "Car finance"; path /finance → /car-finance',
        '',
      ].join('\n'),
    );
    expect(kinds(changes)).not.toContain('block-removed');
  });

  it('renders Markdown for a pull request and JSON for tools', () => {
    const changes = diffAfter((d) => {
      d.features.watchlist = false;
      d.pages[0].blocks[0].props.heading = 'Use `code`';
    });
    const md = renderMarkdown(changes);
    expect(md).toContain(
      '#### Feature switches\n\n- Feature `watchlist` turned off (the default is on)\n',
    );
    expect(md).toContain(
      '#### Blocks\n\n- Block hero `home-hero` on page `home`: `props/heading` `"Welcome"` → `` "Use `code`" ``',
    );
    expect(JSON.parse(renderJson(changes))).toEqual(JSON.parse(JSON.stringify(changes)));
    const report = renderReport(
      [{ file: 'sites/test-site.json', status: 'modified', changes }],
      'markdown',
    );
    expect(report).toMatch(
      /^## Site document changes\n\n2 changes in 1 file\.\n\n### `sites\/test-site\.json`\n/,
    );
    expect(
      renderReport([{ file: 'sites/test-site.json', status: 'modified', changes: [] }], 'text'),
    ).toBe('');
  });

  it('knows which pages a change touches (for before/after pictures)', () => {
    expect(touchedPages(diffAfter((d) => (d.pages[2].blocks[0].props.heading = 'x')))).toEqual({
      everyPage: false,
      pages: new Set(['about']),
    });
    expect(touchedPages(diffAfter((d) => d.pages[0].blocks.push(d.pages[1].blocks.pop())))).toEqual(
      { everyPage: false, pages: new Set(['finance', 'home']) },
    );
    expect(touchedPages(diffAfter((d) => (d.features.watchlist = false))).everyPage).toBe(true);
    expect(touchedPages(diffAfter((d) => d.layout.header.push(hero('banner')))).everyPage).toBe(
      true,
    );
    expect(touchedPages(diffAfter((d) => (d.schemaVersion = 3)))).toEqual({
      everyPage: false,
      pages: new Set(),
    });
  });
});
