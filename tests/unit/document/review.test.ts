/**
 * npm run review:sites: the pull-request review the site-review workflow posts, run
 * against a temporary git repository holding a copy of sites/.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewSites } from '../../../scripts/review-sites.ts';

const ROOT = join(import.meta.dirname, '../../..');
let repo: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'forecourt-review-'));
  cpSync(join(ROOT, 'sites'), join(repo, 'sites'), { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-qm', 'sites');
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

const file = (slug: string) => join(repo, 'sites', `${slug}.json`);
const edit = (slug: string, fn: (doc: any) => void) => {
  const doc = JSON.parse(readFileSync(file(slug), 'utf8'));
  fn(doc);
  writeFileSync(file(slug), `${JSON.stringify(doc, null, 2)}\n`);
};

describe('review:sites', () => {
  it('says every document is valid and what changed, against the base', async () => {
    edit('kiwi-car-yard', (doc) => {
      doc.pages.find((p: any) => p.id === 'home').blocks[0].props.heading =
        'Cars you can trust, in Penrose';
    });
    const review = await reviewSites({ repo, base: 'main' });
    expect(review.invalid).toBe(0);
    expect(review.markdown).toContain('Every site document is valid');
    expect(review.markdown).toContain('sites/kiwi-car-yard.json');
    expect(review.markdown).toContain('Cars you can trust, in Penrose');
    git('checkout', '-q', '--', 'sites');
  });

  it('lists each problem of an invalid document first, and counts it', async () => {
    edit('lakeside-chevrolet', (doc) => {
      doc.pages.find((p: any) => p.id === 'home').blocks[0].props.actions = [
        { label: 'Go', href: '/no-such-page' },
      ];
    });
    const review = await reviewSites({ repo, base: 'main' });
    expect(review.invalid).toBe(1);
    expect(review.markdown).toMatch(/\*\*1 site document is invalid\*\*/);
    expect(review.markdown).toContain(
      '/pages/0/blocks/0/props/actions/0/href: links to "/no-such-page", which is not a route of this site',
    );
    expect(review.markdown.indexOf('invalid')).toBeLessThan(
      review.markdown.indexOf('What changes'),
    );
    git('checkout', '-q', '--', 'sites');
  });

  it('refuses a base that is not a revision', async () => {
    await expect(reviewSites({ repo, base: 'no-such-branch' })).rejects.toThrow(
      'no-such-branch: not a git revision',
    );
  });
});
