/**
 * review:sites at platform scale (docs/publishing.md, "Review in a pull request"): each
 * case is a temporary git repository with a base commit of sites/ and a change on top
 * (the working tree), as CI reviews a pull request.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walkBlocks } from '../../../engine/tree.ts';
import { COMMENT_LIMIT, reviewSites } from '../../../scripts/review-sites.ts';
import { RISK_TITLES } from '../../../scripts/review/risk.ts';
import { comparableHtml, renderProblem } from '../../../scripts/diff-sites/pictures.ts';
import { changeOf } from '../../../scripts/diff-sites/same-change.ts';

const ROOT = join(import.meta.dirname, '../../..');
const repos: string[] = [];
afterAll(() => repos.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A repository whose main holds `fill`'s sites folder (default: a copy of the demo's). */
function repoWith(fill?: (sites: string) => void): string {
  const repo = mkdtempSync(join(tmpdir(), 'forecourt-review-scale-'));
  repos.push(repo);
  const sites = join(repo, 'sites');
  if (fill) {
    mkdirSync(join(sites, 'templates'), { recursive: true });
    cpSync(join(ROOT, 'sites/shared'), join(sites, 'shared'), { recursive: true });
    fill(sites);
  } else cpSync(join(ROOT, 'sites'), sites, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
      cwd: repo,
    });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-qm', 'base');
  return repo;
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const write = (file: string, doc: unknown) =>
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
function edit(repo: string, slug: string, fn: (doc: any) => void) {
  const file = join(repo, 'sites', `${slug}.json`);
  const doc = read(file);
  fn(doc);
  write(file, doc);
}
const home = (doc: any) => doc.pages.find((p: any) => p.id === 'home');

describe('review:sites problems', () => {
  it('reports a file that does not parse in the comment, keeps the rest, and fails', async () => {
    const repo = repoWith();
    writeFileSync(join(repo, 'sites/kiwi-car-yard.json'), '{ "slug": "kiwi-car-yard", ');
    edit(repo, 'lakeside-chevrolet', (d) => (home(d).blocks[0].props.heading = 'Drive on in'));
    const review = await reviewSites({ repo, base: 'main' });
    expect(review.exitCode).not.toBe(0);
    expect(review.unreadable).toBe(1);
    expect(review.markdown).toMatch(/\*\*1 file cannot be read\*\*/);
    expect(review.markdown).toContain('- `sites/kiwi-car-yard.json`: `');
    // The rest of the review is still there.
    expect(review.markdown).toContain('### `sites/lakeside-chevrolet.json`');
    expect(review.markdown).toContain('Drive on in');
    expect(review.markdown.indexOf('cannot be read')).toBeLessThan(
      review.markdown.indexOf('What changes'),
    );
  }, 120_000);
});

describe('review:sites files', () => {
  it('shows a new site in full, as additions, with its scripts and outside links first', async () => {
    const repo = repoWith();
    const doc = read(join(repo, 'sites/kiwi-car-yard.json'));
    doc.slug = 'new-dealer';
    doc.name = 'New Dealer';
    doc.hostnames = ['newdealer.localhost'];
    const html = '<p>Hi</p><script src="https://tracker.example.net/t.js"></script>';
    home(doc).blocks.push({ type: 'rich-text', id: 'home-tracker', props: { html } });
    write(join(repo, 'sites/new-dealer.json'), doc);
    const review = await reviewSites({ repo, base: 'main' });

    expect(review.full).toContain('### `sites/new-dealer.json` (added)');
    for (const page of doc.pages) expect(review.full).toContain(`\n+ page ${page.id}`);
    for (const { block } of walkBlocks(doc))
      expect(review.full).toContain(` › ${block.type} ${block.id}`);
    expect(review.full).toContain(
      '+ header › header site-header: props/menu[Finance]/href = "/finance"',
    );
    expect(review.full).toContain('<li>Finance approval in under an hour</li>');

    // The comment stays postable, and what needs a careful look comes first.
    expect(review.markdown.length).toBeLessThan(COMMENT_LIMIT);
    const m = review.markdown;
    expect(m.indexOf(RISK_TITLES.script)).toBeGreaterThan(0);
    expect(m.indexOf(RISK_TITLES.script)).toBeLessThan(m.indexOf(RISK_TITLES['outside-link']));
    expect(m.indexOf(RISK_TITLES['outside-link'])).toBeLessThan(m.indexOf('What changes'));
    expect(m).toContain('tracker.example.net/t.js');
  }, 120_000);

  it('reads a renamed site as a rename with its edits', async () => {
    const repo = repoWith();
    renameSync(join(repo, 'sites/kiwi-car-yard.json'), join(repo, 'sites/kiwi-cars.json'));
    edit(repo, 'kiwi-cars', (d) => (d.slug = 'kiwi-cars'));
    const review = await reviewSites({ repo, base: 'main' });
    expect(review.markdown).toContain(
      '### `sites/kiwi-cars.json` (renamed from `sites/kiwi-car-yard.json`)',
    );
    expect(review.markdown).toContain('`"kiwi-car-yard"` → `"kiwi-cars"`');
    expect(review.markdown).not.toMatch(/kiwi-car.*\((added|removed)\)/);
  }, 120_000);

  it('diffs the shared catalogue and assets', async () => {
    const repo = repoWith();
    const file = join(repo, 'sites/shared/catalogue.json');
    const catalogue = read(file);
    const ranger = catalogue.models.find((m: any) => m.slug === 'ranger');
    ranger.name = 'Ranger Raptor';
    write(file, catalogue);
    const asset = join(repo, 'sites/assets/kiwi-car-yard/home-hero-6178c8884361.svg');
    writeFileSync(asset, `${readFileSync(asset, 'utf8')}<!-- redrawn -->`);
    const review = await reviewSites({ repo, base: 'main' });
    expect(review.markdown).toContain('### `sites/shared/catalogue.json`');
    expect(review.markdown).toContain('"Ranger Raptor"');
    expect(review.markdown).toContain(
      '### `sites/assets/kiwi-car-yard/home-hero-6178c8884361.svg`',
    );
    expect(review.markdown).toMatch(/asset replaced: [\d.]+ KB → [\d.]+ KB/);
    expect(review.markdown).not.toContain('No changes to site documents');
  }, 120_000);

  it('lists risky changes before the rest: host names, prices, switches', async () => {
    const repo = repoWith();
    edit(repo, 'gold-coast-ford', (d) => (home(d).blocks[0].props.heading = 'Plain words'));
    edit(repo, 'lakeside-chevrolet', (d) => {
      d.hostnames = [...d.hostnames, 'lakeside-promo.example.com'];
      d.features.compare = !d.features.compare;
      home(d).blocks[0].props.heading = 'Drive away from $19,990';
    });
    const review = await reviewSites({ repo, base: 'main' });
    const m = review.markdown;
    const at = (s: string) => {
      expect(m).toContain(s);
      return m.indexOf(s);
    };
    expect(at('### Needs a careful look')).toBeLessThan(at('### What changes'));
    expect(at(RISK_TITLES.host)).toBeLessThan(at(RISK_TITLES.money));
    expect(at(RISK_TITLES.money)).toBeLessThan(at(RISK_TITLES.feature));
    expect(at('lakeside-promo.example.com')).toBeLessThan(at('### What changes'));
    expect(at('Drive away from $19,990')).toBeLessThan(at('### What changes'));
    // The file with risky changes is shown before the one without.
    expect(at('### `sites/lakeside-chevrolet.json`')).toBeLessThan(
      at('### `sites/gold-coast-ford.json`'),
    );
  }, 120_000);
});

describe('review:sites at scale', () => {
  it('describes a template change once for 1,000 sites, in a comment under the limit', async () => {
    const SITES = 1000;
    const slug = (i: number) => `dealer-${String(i).padStart(4, '0')}`;
    const repo = repoWith((sites) => {
      write(join(sites, 'templates/mini.json'), {
        $schema: '../../schemas/site.schema.json',
        schemaVersion: 2,
        region: 'AU',
        pages: [
          {
            id: 'home',
            path: '/',
            title: 'Home',
            blocks: [{ type: 'hero', id: 'home-hero', props: { heading: 'Welcome' } }],
          },
        ],
      });
      for (let i = 0; i < SITES; i++)
        write(join(sites, `${slug(i)}.json`), {
          $schema: '../schemas/site.schema.json',
          schemaVersion: 2,
          slug: slug(i),
          name: `Dealer ${i}`,
          template: 'mini',
          id: 10_000 + i,
          dealership_id: 20_000 + i,
          hostnames: [`${slug(i)}.localhost`],
        });
    });
    const tpl = join(repo, 'sites/templates/mini.json');
    const t = read(tpl);
    t.pages[0].blocks[0].props.heading = 'Welcome to the new season';
    write(tpl, t);
    const review = await reviewSites({ repo, base: 'main' });
    expect(review.exitCode, review.markdown.slice(0, 2000)).toBe(0);
    expect(review.markdown.length).toBeLessThan(COMMENT_LIMIT);
    expect(review.markdown.split('new season').length - 1).toBe(1);
    expect(review.markdown).toContain('#### Sites that extend this template (1000)');
    expect(review.markdown).toContain('- 1000 sites: the changes above, as the template has them');
    for (let i = 0; i < SITES; i++) expect(review.markdown).toContain(slug(i));
  }, 600_000);
});

describe('pictures', () => {
  it('tells a real render from an error page', () => {
    expect(renderProblem(200, '<main><h1>Hello</h1></main>', '/')).toBeUndefined();
    expect(renderProblem(500, '<h1>Internal error</h1>', '/')).toMatch(/HTTP 500/);
    expect(renderProblem(404, '<h1>Not found</h1>', '/finance')).toMatch(/HTTP 404/);
    expect(renderProblem(404, '<h1>Not found</h1>', '/this-page-does-not-exist')).toBeUndefined();
    expect(renderProblem(200, '<div data-block-error="home-hero">', '/')).toMatch(/home-hero/);
  });

  it('compares pages without their scripts and nonces', () => {
    const page = (s: string, nonce: string) =>
      `<main>${s}</main><script nonce="${nonce}">window.__DATA__=${JSON.stringify(s)}</script>`;
    expect(comparableHtml(page('A', '1'))).toBe(comparableHtml(page('A', '2')));
    expect(comparableHtml(page('A', '1'))).not.toBe(comparableHtml(page('B', '1')));
  });

  it('compares pages rendered by two servers without their addresses', () => {
    const page = (origin: string, phone: string) =>
      `<link rel="canonical" href="${origin}/sites/x/about"><footer>${phone}</footer>`;
    const [before, after] = ['http://127.0.0.1:41001', 'http://127.0.0.1:41002'];
    expect(comparableHtml(page(before, '1'), before)).toBe(comparableHtml(page(after, '1'), after));
    expect(comparableHtml(page(before, '1'), before)).not.toBe(
      comparableHtml(page(after, '2'), after),
    );
  });

  it('tells the same change on two pages from a different one', () => {
    const page = (main: string, phone: string) =>
      `<header><a href="/">Home</a></header><main><h1>${main}</h1></main><footer><a href="tel:${phone}">${phone}</a></footer>`;
    const footerOnAbout = changeOf(page('About us', '1'), page('About us', '2'));
    const footerOnTerms = changeOf(page('Terms', '1'), page('Terms', '2'));
    expect(footerOnAbout).toBe(footerOnTerms);
    expect(footerOnAbout).toContain('2');
    // Another difference on the contact page (its body shows the phone too): its own change.
    const contact = changeOf(
      page('Call 1', '1').replace('</main>', '<p>1</p></main>'),
      page('Call 2', '2').replace('</main>', '<p>2</p></main>'),
    );
    expect(contact).not.toBe(footerOnAbout);
    expect(changeOf(page('Terms', '1'), page('Terms', '1'))).toBe('');
  });
});
