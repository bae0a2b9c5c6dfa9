import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cloneDeep } from 'lodash-es';
import { describe, expect, it } from 'vitest';
import { diffSiteDocuments, touchedPages, type SiteChange } from '../../../engine/document/diff.ts';
import {
  renderJson,
  renderMarkdown,
  renderReport,
  renderText,
} from '../../../engine/document/diff-render.ts';
import { describeChange } from '../../../engine/document/diff-sentences.ts';

const SITES = join(import.meta.dirname, '../../../sites');
const read = (f: string) => JSON.parse(readFileSync(join(SITES, f), 'utf8'));

const hero = (id: string, heading = id) => ({ type: 'hero', id, props: { heading } });

/** A small document with a layout, three pages and nesting (children and slots). */
function base(): Record<string, any> {
  return {
    schemaVersion: 2,
    slug: 'test-site',
    name: 'Test Motors',
    region: 'AU',
    features: { compare: true },
    search: { pageSize: 21 },
    layout: {
      header: [{ type: 'header', id: 'site-header' }],
      footer: [{ type: 'footer', id: 'site-footer' }],
    },
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [
          hero('home-hero', 'Welcome'),
          { type: 'rich-text', id: 'intro', props: { html: '<p>Hi</p>' } },
          {
            type: 'section',
            id: 'why-us',
            props: { heading: 'Why us' },
            children: [hero('why-a'), hero('why-b')],
          },
          {
            type: 'columns',
            id: 'cols',
            slots: { main: [hero('col-main')], aside: [hero('col-aside')] },
          },
        ],
      },
      { id: 'finance', path: '/finance', title: 'Finance', blocks: [hero('finance-hero')] },
      {
        id: 'about',
        path: '/about',
        title: 'About',
        blocks: [hero('about-hero'), hero('about-more')],
      },
    ],
  };
}

function diffAfter(
  edit: (d: Record<string, any>) => void,
  options?: Parameters<typeof diffSiteDocuments>[2],
) {
  const before = base();
  const after = cloneDeep(before);
  edit(after);
  return diffSiteDocuments(before, after, options);
}

const kinds = (changes: SiteChange[]) => changes.map((c) => c.kind);

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

  it('a block moved to another page is one move, from position to position', () => {
    const changes = diffAfter((d) => {
      const [b] = d.pages[0].blocks.splice(0, 1);
      d.pages[2].blocks.splice(1, 0, b);
    });
    expect(changes).toEqual([
      {
        kind: 'block-moved',
        block: { id: 'home-hero', type: 'hero' },
        from: { area: 'page', page: 'home', index: 0, path: '/pages/0/blocks/0' },
        to: { area: 'page', page: 'about', index: 1, path: '/pages/2/blocks/1' },
      },
    ]);
    expect(describeChange(changes[0])).toBe(
      'Block hero home-hero moved from page home, position 1 to page about, position 2',
    );
  });

  it('inserting a block does not make its later siblings "moved"', () => {
    const changes = diffAfter((d) => d.pages[0].blocks.splice(0, 0, hero('new-hero')));
    expect(kinds(changes)).toEqual(['block-added']);
    expect(describeChange(changes[0])).toBe('Block hero new-hero added on page home, position 1');
  });

  it('reordering within a list reports only the blocks that changed their order', () => {
    const changes = diffAfter((d) => d.pages[0].blocks.reverse());
    // home-hero, intro, why-us, cols → cols, why-us, intro, home-hero: three moves keep one in place.
    expect(kinds(changes)).toEqual(['block-moved', 'block-moved', 'block-moved']);
    const swap = diffAfter((d) => {
      const b = d.pages[2].blocks;
      [b[0], b[1]] = [b[1], b[0]];
    });
    expect(swap).toHaveLength(1);
    expect(describeChange(swap[0])).toMatch(
      /^Block hero about-\w+ moved within page about from position \d to \d$/,
    );
  });

  it('moves between containers: into a section, from a slot to another slot, into the header', () => {
    const changes = diffAfter((d) => {
      const intro = d.pages[0].blocks.splice(1, 1)[0];
      d.pages[0].blocks[1].children.push(intro); // into section why-us (now at index 1)
      const main = d.pages[0].blocks[2].slots.main.pop();
      d.pages[0].blocks[2].slots.aside.unshift(main);
      d.layout.header.push(d.pages[1].blocks.pop());
    });
    const text = renderText(changes);
    expect(text).toContain(
      'Block rich-text intro moved from page home, position 2 to page home inside section why-us, position 3',
    );
    expect(text).toContain(
      'Block hero col-main moved from page home inside columns cols (slot main), position 1 to page home inside columns cols (slot aside), position 1',
    );
    expect(text).toContain(
      'Block hero finance-hero moved from page finance, position 1 to the header, position 2',
    );
    // Blocks that only shifted because of those moves are not reported.
    expect(changes.filter((c) => c.kind === 'block-moved')).toHaveLength(3);
  });

  it('names prop changes with their field path, old and new value', () => {
    const changes = diffAfter((d) => {
      d.pages[0].blocks[0].props.heading = 'Hello';
      d.pages[0].blocks[0].props.actions = [{ label: 'Go', href: '/go' }];
      d.pages[0].blocks[2].children[1].props.tone = 'dark';
    });
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'block-changed',
        block: { id: 'home-hero', type: 'hero' },
        path: '/props/heading',
        before: 'Welcome',
        after: 'Hello',
      }),
      expect.objectContaining({
        kind: 'block-changed',
        path: '/props/actions',
        after: [{ label: 'Go', href: '/go' }],
      }),
      expect.objectContaining({
        kind: 'block-changed',
        block: { id: 'why-b', type: 'hero' },
        path: '/props/tone',
        after: 'dark',
      }),
    ]);
    expect(describeChange(changes[0])).toBe(
      'Block hero home-hero on page home: props/heading "Welcome" → "Hello"',
    );
    expect(describeChange(changes[2])).toBe(
      'Block hero why-b on page home inside section why-us: props/tone (not set) → "dark"',
    );
    // A moved block whose props also changed gets both changes.
    const both = diffAfter((d) => {
      const b = d.pages[2].blocks.shift();
      b.props.heading = 'Moved';
      d.pages[1].blocks.push(b);
    });
    expect(kinds(both)).toEqual(['block-moved', 'block-changed']);
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

  it('folds blocks inside a removed container into its removal', () => {
    const changes = diffAfter((d) => d.pages[0].blocks.splice(2, 1));
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'block-removed',
        block: { id: 'why-us', type: 'section' },
        contains: 2,
      }),
    ]);
    expect(describeChange(changes[0])).toBe(
      'Block section why-us removed from page home, position 3, with 2 blocks inside',
    );
  });

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

  it('matches blocks by id even in invalid documents (duplicate or missing ids) without throwing', () => {
    const before = base();
    before.pages[0].blocks.push(hero('home-hero'), { type: 'hero', props: { heading: 'x' } });
    const after = cloneDeep(before);
    after.pages[0].blocks.at(-1).props.heading = 'y';
    expect(kinds(diffSiteDocuments(before, after))).toEqual(['block-changed']);
    expect(diffSiteDocuments(null, undefined)).toEqual([]);
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
