import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSites } from '../../../scripts/check-sites.ts';
import {
  formatIssue,
  sourceInputs,
  sourceLocator,
  sourceOf,
  type SourceInputs,
} from '../../../engine/site/source.ts';
import { resolveTemplate } from '../../../engine/site/templates.ts';

const page = (id: string, blocks: unknown[] = []) => ({ id, path: `/${id}`, title: id, blocks });
const hero = (id: string, props: Record<string, unknown>) => ({ type: 'hero', id, props });

const template = {
  theme: { colours: { primary: '#000000', accent: '#ff0000' }, radius: 4 },
  features: { financeLink: '/finance-enquiry' },
  layout: {
    header: [{ type: 'header', id: 'site-header' }],
    footer: [{ type: 'footer', id: 'site-footer' }],
  },
  pages: [
    page('home', [hero('home-hero', { heading: 'Template home' })]),
    page('search'),
    page('finance', [hero('finance-hero', { text: 'no heading' })]),
    page('about', [hero('about-hero', { heading: 'About' })]),
  ],
};

const site = {
  slug: 's',
  template: 'ford',
  withoutPages: ['search'],
  region: 'AU',
  theme: { colours: { primary: '#123456' } },
  layout: { header: [{ type: 'header', id: 'my-header', props: { sticky: true } }] },
  pages: [
    page('contact', [hero('contact-hero', { heading: 'Contact' })]),
    page('about', [hero('about-hero', { heading: 'Mine' })]),
  ],
};

const inputs: SourceInputs = { doc: site, chain: ['ford'], templates: { ford: template } };
const merged = resolveTemplate(site, (n) => (n === 'ford' ? template : undefined)).doc as {
  pages: { id: string }[];
};

describe('sourceOf: where a merged path lives', () => {
  it('the merged page order (what the paths below refer to)', () => {
    expect(merged.pages.map((p) => p.id)).toEqual(['home', 'finance', 'about', 'contact']);
  });

  it('a value the site sets: the site file, same pointer', () => {
    expect(sourceOf('/region', inputs)).toEqual({ pointer: '/region', missing: [] });
    expect(sourceOf('/withoutPages/0', inputs)).toEqual({
      pointer: '/withoutPages/0',
      missing: [],
    });
  });

  it('a value only the template sets: the template file', () => {
    expect(sourceOf('/features/financeLink', inputs)).toEqual({
      template: 'ford',
      pointer: '/features/financeLink',
      missing: [],
    });
  });

  it('a template page: its index in the template (the site left an earlier page out)', () => {
    expect(sourceOf('/pages/1/blocks/0/props/text', inputs)).toEqual({
      template: 'ford',
      pointer: '/pages/2/blocks/0/props/text',
      missing: [],
    });
  });

  it('a template page the site overrides: the site copy, at its own index', () => {
    expect(sourceOf('/pages/2/blocks/0/props/heading', inputs)).toEqual({
      pointer: '/pages/1/blocks/0/props/heading',
      missing: [],
    });
  });

  it('a page only the site has, appended after the template pages', () => {
    expect(sourceOf('/pages/3/blocks/0/id', inputs)).toEqual({
      pointer: '/pages/0/blocks/0/id',
      missing: [],
    });
    expect(sourceOf('/pages/3', inputs)).toEqual({ pointer: '/pages/0', missing: [] });
  });

  it('an object merged from two layers: key by key, the nearest layer that has each', () => {
    expect(sourceOf('/theme/colours/primary', inputs)).toEqual({
      pointer: '/theme/colours/primary',
      missing: [],
    });
    expect(sourceOf('/theme/colours/accent', inputs)).toEqual({
      template: 'ford',
      pointer: '/theme/colours/accent',
      missing: [],
    });
    expect(sourceOf('/theme/radius', inputs)).toEqual({
      template: 'ford',
      pointer: '/theme/radius',
      missing: [],
    });
    // The object itself: the nearest layer that has it.
    expect(sourceOf('/theme/colours', inputs)).toEqual({ pointer: '/theme/colours', missing: [] });
  });

  it('an array replaced whole: everything inside comes from the layer that set it', () => {
    expect(sourceOf('/layout/header/0/props/sticky', inputs)).toEqual({
      pointer: '/layout/header/0/props/sticky',
      missing: [],
    });
    // The site's header list has one entry: a second one is not the template's.
    expect(sourceOf('/layout/header/1', inputs)).toEqual({
      pointer: '/layout/header',
      missing: ['1'],
    });
    // The key the site does not set still comes from the template.
    expect(sourceOf('/layout/footer/0/id', inputs)).toEqual({
      template: 'ford',
      pointer: '/layout/footer/0/id',
      missing: [],
    });
  });

  it('a missing required property: the nearest existing parent, in the file that has it', () => {
    expect(sourceOf('/pages/1/blocks/0/props/heading', inputs)).toEqual({
      template: 'ford',
      pointer: '/pages/2/blocks/0/props',
      missing: ['heading'],
    });
    expect(sourceOf('/theme/colours/headerText', inputs)).toEqual({
      pointer: '/theme/colours',
      missing: ['headerText'],
    });
    // Nothing on the way exists (a default, or a whole missing object): the site's root.
    expect(sourceOf('/search/pageSize', inputs)).toEqual({
      pointer: '',
      missing: ['search', 'pageSize'],
    });
    expect(sourceOf('/', inputs)).toEqual({ pointer: '', missing: [] });
  });

  it('null in the site removes the template value: the path points at the parent in the site', () => {
    const doc = { template: 'ford', features: { financeLink: null } };
    expect(
      sourceOf('/features/financeLink', { doc, chain: ['ford'], templates: { ford: template } }),
    ).toEqual({ pointer: '/features', missing: ['financeLink'] });
  });

  it('a two-level chain: each value from the nearest layer that has it', () => {
    const templates = {
      brand: {
        template: 'group',
        features: { compare: true },
        pages: [page('models', [hero('models-hero', { heading: 'Models' })])],
      },
      group: {
        features: { compare: false, watchlist: false },
        region: 'NZ',
        pages: [
          page('home'),
          page('careers', [hero('careers-hero', {})]),
          page('service', [hero('service-hero', { heading: 'Service' })]),
        ],
      },
    };
    const doc = {
      template: 'brand',
      withoutPages: ['careers'],
      features: { favourites: false },
      pages: [page('extra')],
    };
    const chained = sourceInputs(doc, (n) => templates[n as keyof typeof templates]);
    expect(chained.chain).toEqual(['brand', 'group']);
    // Merged pages: home, service (group), models (brand), extra (site).
    const locate = sourceLocator(chained);
    expect(locate('/features/favourites')).toEqual({
      pointer: '/features/favourites',
      missing: [],
    });
    expect(locate('/features/compare')).toEqual({
      template: 'brand',
      pointer: '/features/compare',
      missing: [],
    });
    expect(locate('/features/watchlist')).toEqual({
      template: 'group',
      pointer: '/features/watchlist',
      missing: [],
    });
    expect(locate('/region')).toEqual({ template: 'group', pointer: '/region', missing: [] });
    expect(locate('/pages/1/blocks/0/props/heading')).toEqual({
      template: 'group',
      pointer: '/pages/2/blocks/0/props/heading',
      missing: [],
    });
    expect(locate('/pages/2/blocks/0/props/heading')).toEqual({
      template: 'brand',
      pointer: '/pages/0/blocks/0/props/heading',
      missing: [],
    });
    expect(locate('/pages/3/title')).toEqual({ pointer: '/pages/0/title', missing: [] });
  });

  it('an unresolved chain (missing template) keeps every path in the site', () => {
    expect(
      sourceOf('/template', { doc: { template: 'nope' }, chain: ['nope'], templates: {} }),
    ).toEqual({ pointer: '/template', missing: [] });
  });
});

describe('formatIssue', () => {
  const issue = (path: string) => ({ path, message: 'is required' });

  it('prints a site value at the same path as before', () => {
    expect(
      formatIssue(
        { path: '/region', message: 'must be one of: "AU"' },
        sourceOf('/region', inputs),
      ),
    ).toBe('/region: must be one of: "AU"');
    expect(formatIssue(issue('/region'), undefined)).toBe('/region: is required');
  });

  it('names the template file and its pointer, with the resolved path when it differs', () => {
    const path = '/pages/1/blocks/0/props/heading';
    expect(formatIssue(issue(path), sourceOf(path, inputs))).toBe(
      'sites/templates/ford.json /pages/2/blocks/0/props/heading: is required (resolved path /pages/1/blocks/0/props/heading)',
    );
    expect(
      formatIssue(
        issue('/theme/radius'),
        sourceOf('/theme/radius', inputs),
        (n) => `templates/${n}.json`,
      ),
    ).toBe('templates/ford.json /theme/radius: is required');
  });

  it('gives the site file pointer when a site page sits at another index', () => {
    expect(formatIssue(issue('/pages/3/title'), sourceOf('/pages/3/title', inputs))).toBe(
      '/pages/0/title: is required (resolved path /pages/3/title)',
    );
  });
});

describe('check:sites and validate name the template file for a broken template block', () => {
  const ROOT = join(import.meta.dirname, '../../..');
  const tmp = mkdtempSync(join(tmpdir(), 'forecourt-source-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const edit = (file: string, change: (d: any) => void) => {
    const d = JSON.parse(readFileSync(file, 'utf8'));
    change(d);
    writeFileSync(file, `${JSON.stringify(d, null, 2)}\n`);
  };

  it('lists the problem under the site, at the template file and its pointer, with the resolved path', () => {
    const dir = join(tmp, 'sites');
    cpSync(join(ROOT, 'sites'), dir, { recursive: true });
    const templateFile = join(dir, 'templates/ford.json');
    let templateIndex = -1;
    edit(templateFile, (d) => {
      templateIndex = d.pages.findIndex((p: { id: string }) => p.id === 'finance');
      delete d.pages[templateIndex].blocks[0].props.heading; // the finance hero's required heading
    });
    // The site leaves out a template page before it, so the page's index differs.
    edit(join(dir, 'gold-coast-ford.json'), (d) => (d.withoutPages = ['search']));

    const { problems } = checkSites(dir);
    const site = problems.find((p) => p.file === join(dir, 'gold-coast-ford.json'));
    const where = `/pages/${templateIndex}/blocks/0/props/heading`;
    const resolved = `/pages/${templateIndex - 1}/blocks/0/props/heading`;
    expect(site?.messages).toContain(
      `${templateFile} ${where}: is required (resolved path ${resolved})`,
    );

    // The same line from npm run validate, run from the copy's parent (relative file names).
    const r = spawnSync(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'scripts/validate.ts'), 'sites/gold-coast-ford.json'],
      {
        cwd: tmp,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `  sites/templates/ford.json ${where}: is required (resolved path ${resolved})`,
    );
  }, 30_000);
});
