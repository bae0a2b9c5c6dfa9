/**
 * The semantic diff of a site's settings and data (docs/site-documents.md, "Semantic diff"):
 * feature switches, template, region, search, theme, API, identity, records matched by id,
 * and what overrides the template or leaves its pages out.
 */
import cloneDeep from 'lodash-es/cloneDeep.js';
import { describe, expect, it } from 'vitest';
import { diffSiteDocuments, touchedPages } from '../../../engine/document/diff.ts';
import { renderMarkdown, renderText } from '../../../engine/document/diff-render.ts';
import { describeChange } from '../../../engine/document/diff-sentences.ts';
import { base, diffAfter } from './diff-kit.ts';

describe('semantic diff', () => {
  it('names feature switches turned on and off, including through their defaults', () => {
    const changes = diffAfter((d) => {
      d.features.compare = false; // explicit true → false
      d.features.electricHybridLabel = true; // unset (default off) → on
      d.features.reservedWording = 'Reserved';
      d.features.tagColours = { 'runout sale': '#1a7f37' };
    });
    expect(
      changes.filter((c) => c.kind === 'feature').map((c) => [(c as any).key, (c as any).action]),
    ).toEqual([
      // in features.schema.json order, as the document lists them
      ['electricHybridLabel', 'on'],
      ['reservedWording', 'changed'],
      ['tagColours', 'changed'],
      ['compare', 'off'],
    ]);
    const text = renderText(changes);
    expect(text).toContain('Feature compare turned off\n');
    expect(text).toContain('Feature electricHybridLabel turned on (the default is off)\n');
    expect(text).toContain('Feature reservedWording: "RESERVED" → "Reserved" (was the default)\n');
    expect(text).toContain('Feature tagColours/runout sale: (not set) → "#1a7f37"\n');
    // Unsetting a switch that was on falls back to its default: that is a flip too.
    const unset = diffAfter((d) => delete d.features.compare);
    expect(unset).toEqual([
      expect.objectContaining({
        kind: 'feature',
        key: 'compare',
        action: 'off',
        before: true,
        default: false,
        defaultFrom: 'schema',
      }),
    ]);
    expect(describeChange(unset[0])).toBe('Feature compare turned off (unset: the default is off)');
  });

  it('names template, region, search, theme, API and identity changes', () => {
    const changes = diffAfter((d) => {
      d.template = 'ford';
      d.region = 'NZ';
      d.search.pageSize = 30;
      d.search.excludedMakes = ['Lada'];
      d.theme = { colours: { primary: '#ff0000' } };
      d.api = { baseUrl: 'https://api.example.com' };
      d.name = 'Test Motors Group';
      d.hostnames = ['test.localhost'];
      d.locations = [{ id: 1, name: 'Main Street', slug: 'main' }];
    });
    expect(renderText(changes).split('\n')).toEqual([
      'Template: now extends ford',
      'Identity: name "Test Motors" → "Test Motors Group"',
      'Identity: hostnames (not set) → ["test.localhost"]',
      'Region: "AU" → "NZ"',
      'Theme: colours/primary "#1f3a93" → "#ff0000" (was the default)',
      'Search: pageSize 21 → 30',
      'Search: excludedMakes added "Lada" (was the default)',
      'API: baseUrl "/api" → "https://api.example.com" (was the default)',
      'Location Main Street (id 1) added',
      '',
    ]);
    const dropped = diffSiteDocuments({ ...base(), template: 'ford' }, base());
    expect(describeChange(dropped[0])).toBe('Template: no longer extends ford');
  });

  it('matches dealerships, locations and offers by id: a reorder is one move, not edits', () => {
    const withOffers = (d: Record<string, any>) => {
      d.offers = [
        { id: 1, name: 'Ranger runout' },
        { id: 2, name: 'Everest deal' },
      ];
    };
    const before = base();
    withOffers(before);
    const after = cloneDeep(before);
    after.offers.reverse();
    // Visitors see offers in list order: a new order is reported (as moves), never as edits.
    expect(diffSiteDocuments(before, after)).toEqual([
      {
        kind: 'records-reordered',
        collection: 'offers',
        path: '/offers',
        moves: [{ id: 1, item: 'Ranger runout', from: 0, to: 1 }],
      },
    ]);
    after.offers[0].name = 'Everest drive-away deal';
    after.offers.push({ id: 3, name: 'Mustang' });
    const changes = diffSiteDocuments(before, after);
    expect(renderText(changes)).toBe(
      [
        'Offer Mustang (id 3) added',
        'Offers reordered (visitors see them in this order): Ranger runout (id 1) moved from position 1 to 2',
        'Offer Everest drive-away deal (id 2): name "Everest deal" → "Everest drive-away deal"',
        '',
      ].join('\n'),
    );
    expect(renderMarkdown(changes)).toMatch(/^#### Offers\n/);
  });

  it('says when a change starts or stops overriding the template', () => {
    const template = {
      features: { financeLink: '/finance-enquiry', reserveButtons: true },
      pages: [{ id: 'finance', path: '/finance', title: 'F', blocks: [] }],
    };
    const options = { templates: { before: template, after: template } };
    const added = diffAfter((d) => (d.features.financeLink = '/apply-for-finance'), options);
    expect(added).toEqual([
      expect.objectContaining({
        kind: 'feature',
        override: 'added',
        default: '/finance-enquiry',
        defaultFrom: 'template',
      }),
    ]);
    expect(describeChange(added[0])).toBe(
      'Feature financeLink: "/finance-enquiry" → "/apply-for-finance" (now overrides the template\'s value)',
    );
    const off = diffAfter((d) => (d.features.reserveButtons = false), options);
    expect(describeChange(off[0])).toBe(
      "Feature reserveButtons turned off (now overrides the template's value)",
    );
    const page = diffAfter((d) => d.pages.splice(1, 1), options);
    expect(describeChange(page[0])).toBe(
      'Page finance removed (was /finance, with 1 block); the template page applies again',
    );
  });

  it('names template pages the site leaves out (withoutPages) or brings back, as pages', () => {
    const template = {
      pages: [
        {
          id: 'finance-calculator',
          path: '/finance-calculator',
          title: 'Finance calculator',
          blocks: [],
        },
        { id: 'careers', path: '/careers', title: 'Careers', blocks: [] },
      ],
    };
    const options = { templates: { before: template, after: template } };
    const removed = diffAfter((d) => (d.withoutPages = ['finance-calculator']), options);
    expect(removed).toEqual([
      {
        kind: 'template-page-removed',
        page: {
          id: 'finance-calculator',
          path: '/finance-calculator',
          title: 'Finance calculator',
        },
        path: '/withoutPages/0',
      },
    ]);
    expect(renderText(removed)).toBe(
      'Page finance-calculator removed (template page at /finance-calculator titled "Finance calculator")\n',
    );
    expect(renderMarkdown(removed)).toBe(
      '#### Pages\n\n- Page `finance-calculator` removed (template page at `/finance-calculator` titled `"Finance calculator"`)\n',
    );
    expect(touchedPages(removed)).toEqual({
      everyPage: false,
      pages: new Set(['finance-calculator']),
    });
    // Without the template at hand the id alone is named.
    expect(renderText(diffAfter((d) => (d.withoutPages = ['finance-calculator'])))).toBe(
      'Page finance-calculator removed (template page)\n',
    );
    // Bringing one back, and adding another.
    const before = { ...base(), withoutPages: ['finance-calculator'] };
    const after = { ...base(), withoutPages: ['careers'] };
    expect(renderText(diffSiteDocuments(before, after, options))).toBe(
      'Page careers removed (template page at /careers titled "Careers")\nPage finance-calculator restored (template page at /finance-calculator titled "Finance calculator")\n',
    );
    // Dropping the site's own copy of a template page while leaving the template's out:
    // the template page does not "apply again".
    const withFinance = { pages: [{ id: 'finance', path: '/finance', title: 'F', blocks: [] }] };
    const both = diffAfter(
      (d) => {
        d.pages.splice(1, 1);
        d.withoutPages = ['finance'];
      },
      { templates: { before: withFinance, after: withFinance } },
    );
    expect(renderText(both)).toBe(
      'Page finance removed (template page at /finance titled "F")\nPage finance removed (was /finance, with 1 block)\n',
    );
  });
});
