/**
 * Drafts, review and publishing through the editor API (docs/publishing.md), on a
 * temporary copy of sites/ that the server makes a git repository.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import express from 'express';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteStore } from '../../../engine/server/sites.ts';
import { BASE_VERSION_REQUIRED, createEditorRouter } from '../../../engine/server/editor-api.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { syncFromRemote } from '../../../engine/server/site-remote.ts';
import { listenLocally, type Listening } from '../listen.ts';

const root = join(import.meta.dirname, '../../..');
let dir: string;
let remote: string;
let server: Listening | undefined;
let base: string;
let sites: SiteStore;

const git = (args: string[], cwd = dir) =>
  execFileSync('git', args, { cwd, encoding: 'utf8' }).trimEnd();
const send = (method: string, body: unknown, staff = 'Sam Lee') => ({
  method,
  headers: { 'Content-Type': 'application/json', 'X-Forecourt-Staff': encodeURIComponent(staff) },
  body: JSON.stringify(body),
});
const api = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-drafts-'));
  cpSync(join(root, 'sites'), dir, { recursive: true });
  remote = mkdtempSync(join(tmpdir(), 'forecourt-remote-'));
  git(['init', '-q', '--bare'], remote);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sites = new SiteStore(dir);
  const repo = SiteRepo.open(dir);
  const drafts = new DraftService(repo, sites, { remote });
  const app = express();
  app.use('/api/editor', createEditorRouter({ sites, sitesDir: dir, repo, drafts }));
  server = await listenLocally(app);
  base = `${server.base}/api/editor`;
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(remote, { recursive: true, force: true });
});

const heroOf = (doc: any) =>
  doc.pages.find((p: any) => p.id === 'home').blocks.find((b: any) => b.type === 'hero');

describe('draft → review → publish → history → restore', () => {
  it('runs the whole loop, and visitors see only what is published', async () => {
    const slug = 'southern-motor-group';
    const opened = await api(`/sites/${slug}`);
    const doc = structuredClone(opened.body.document);
    const before = heroOf(doc).props.heading;
    heroOf(doc).props.heading = 'Spring at Southern';

    const saved = await api(
      `/sites/${slug}`,
      send('PUT', { document: doc, baseVersion: opened.body.version }),
    );
    expect(saved.status).toBe(200);
    expect(
      sites.get(slug)?.ok &&
        heroOf(sites.get(slug)!.ok && (sites.get(slug) as any).site).props.heading,
    ).toBe(before);

    const diff = await api(`/sites/${slug}/diff`);
    expect(diff.body.text).toContain('Spring at Southern');

    const review = await api(`/sites/${slug}/review`, send('POST', {}));
    expect(review.body).toMatchObject({ branch: `forecourt/draft/${slug}`, pushed: true });
    expect(review.body.markdown).toContain('Spring at Southern');
    expect(review.body.markdown).toContain(`/drafts/${slug}/`);
    expect(git(['rev-parse', `refs/heads/forecourt/draft/${slug}`], remote)).toBe(
      saved.body.version,
    );

    const published = await api(`/sites/${slug}/publish`, send('POST', {}, 'Pat Publisher'));
    expect(published.status).toBe(200);
    expect(heroOf(JSON.parse(readFileSync(join(dir, `${slug}.json`), 'utf8'))).props.heading).toBe(
      'Spring at Southern',
    );
    const live = sites.get(slug);
    expect(live?.ok && heroOf((live as any).site).props.heading).toBe('Spring at Southern');
    expect(git(['log', '-1', '--format=%an|%P', 'HEAD']).split('|')[0]).toBe('Pat Publisher');
    expect(git(['log', '-1', '--format=%P', 'HEAD']).split(' ')).toHaveLength(2); // a merge of the draft
    expect(git(['status', '--porcelain'])).toBe('');
    expect((await api(`/sites/${slug}`)).body.draft.exists).toBe(false);

    const history = await api(`/sites/${slug}/history`);
    expect(history.body.versions[0]).toMatchObject({ author: 'Pat Publisher' });
    expect(history.body.versions[0].summary.join('\n')).toContain('Spring at Southern');
    // The oldest version has no version before it: its summary is of the whole file added.
    const oldest = history.body.versions.at(-1);
    expect(oldest.summary.length).toBeGreaterThan(0);
    expect(oldest).not.toHaveProperty('parent');
    const older = history.body.versions[1].commit;

    const restored = await api(`/sites/${slug}/restore`, send('POST', { commit: older }));
    expect(restored.status).toBe(200);
    expect(heroOf(restored.body.document).props.heading).toBe(before);
    // Restoring makes a draft; the public site keeps the published heading.
    const still = sites.get(slug);
    expect(still?.ok && heroOf((still as any).site).props.heading).toBe('Spring at Southern');
    expect((await api(`/sites/${slug}`)).body.draft.exists).toBe(true);

    const discarded = await api(`/sites/${slug}/draft`, send('DELETE', {}));
    expect(discarded.body.draft.exists).toBe(false);
  });

  it('publishing without a draft is refused', async () => {
    expect((await api('/sites/kiwi-car-yard/publish', send('POST', {}))).status).toBe(409);
  });
});

describe('two people editing one site', () => {
  it('changes to different blocks merge; the same value comes back as a conflict with both values', async () => {
    const slug = 'lakeside-chevrolet';
    const opened = (await api(`/sites/${slug}`)).body;
    const first = structuredClone(opened.document);
    heroOf(first).props.heading = 'First editor heading';
    const a = await api(
      `/sites/${slug}`,
      send('PUT', { document: first, baseVersion: opened.version }, 'Ana'),
    );
    expect(a.status).toBe(200);

    // The second person started from the same version and changed something else.
    const second = structuredClone(opened.document);
    second.name = 'Lakeside Chevrolet Co';
    const b = await api(
      `/sites/${slug}`,
      send('PUT', { document: second, baseVersion: opened.version }, 'Ben'),
    );
    expect(b.status).toBe(200);
    expect(b.body.merged).toBe(true);
    expect(b.body.document.name).toBe('Lakeside Chevrolet Co');
    expect(heroOf(b.body.document).props.heading).toBe('First editor heading');

    // A third save from the original version changes the heading Ana changed.
    const third = structuredClone(opened.document);
    heroOf(third).props.heading = 'Third editor heading';
    const c = await api(
      `/sites/${slug}`,
      send('PUT', { document: third, baseVersion: opened.version }, 'Cy'),
    );
    expect(c.status).toBe(409);
    expect(c.body.conflicts).toHaveLength(1);
    expect(c.body.conflicts[0]).toMatchObject({
      mine: 'Third editor heading',
      theirs: 'First editor heading',
    });
    expect(c.body.version).toBe(b.body.version);
    // Nothing was written: the draft is still Ben's merge.
    expect(git(['rev-parse', `forecourt/draft/${slug}`])).toBe(b.body.version);

    // Choosing "mine" and saving against the version the conflict named keeps the choice.
    const resolved = structuredClone(c.body.document);
    heroOf(resolved).props.heading = 'Third editor heading';
    const d = await api(
      `/sites/${slug}`,
      send('PUT', { document: resolved, baseVersion: c.body.version }, 'Cy'),
    );
    expect(d.status).toBe(200);
    expect(heroOf(d.body.document).props.heading).toBe('Third editor heading');
    expect(d.body.document.name).toBe('Lakeside Chevrolet Co');
  });

  it('a publish whose published document moved on merges too', async () => {
    const slug = 'kiwi-car-yard';
    const opened = (await api(`/sites/${slug}`)).body;
    const doc = structuredClone(opened.document);
    heroOf(doc).props.heading = 'Draft heading';
    expect(
      (await api(`/sites/${slug}`, send('PUT', { document: doc, baseVersion: opened.version })))
        .status,
    ).toBe(200);
    // Meanwhile someone commits another change on the published branch (a merged pull request).
    const file = join(dir, `${slug}.json`);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('"name": "Kiwi Car Yard"', '"name": "Kiwi Car Yard NZ"'),
    );
    git(['-c', 'user.name=Remote', '-c', 'user.email=r@example.com', 'commit', '-qam', 'Rename']);
    const published = await api(`/sites/${slug}/publish`, send('POST', {}));
    expect(published.status).toBe(200);
    const text = JSON.parse(readFileSync(file, 'utf8'));
    expect(text.name).toBe('Kiwi Car Yard NZ');
    expect(heroOf(text).props.heading).toBe('Draft heading');
  });
});

describe('who may publish', () => {
  it('with FORECOURT_PUBLISH_TOKEN set, only its bearer may publish', async () => {
    vi.stubEnv('FORECOURT_PUBLISH_TOKEN', 'publisher-secret');
    try {
      const slug = 'gold-coast-ford';
      const opened = (await api(`/sites/${slug}`)).body;
      expect(opened.canPublish).toBe(false);
      const doc = structuredClone(opened.document);
      doc.name = 'Gold Coast Ford Co';
      expect(
        (await api(`/sites/${slug}`, send('PUT', { document: doc, baseVersion: opened.version })))
          .status,
      ).toBe(200);
      expect((await api(`/sites/${slug}/publish`, send('POST', {}))).status).toBe(403);
      const withToken = send('POST', {});
      (withToken.headers as Record<string, string>).Authorization = 'Bearer publisher-secret';
      expect((await api(`/sites/${slug}/publish`, withToken)).status).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('a save without the version it was loaded from', () => {
  it('is refused, and the draft stays as it was', async () => {
    const slug = 'kiwi-car-yard';
    const opened = (await api(`/sites/${slug}`)).body;
    const doc = structuredClone(opened.document);
    doc.name = 'Replaced Unseen';
    const res = await api(`/sites/${slug}`, send('PUT', { document: doc }));
    expect(res).toEqual({ status: 422, body: { error: BASE_VERSION_REQUIRED } });
    expect((await api(`/sites/${slug}`)).body.version).toBe(opened.version);
  });
});

describe('a pull request merged on the remote', () => {
  it('is brought in by a fast-forward, and the site reloads', async () => {
    const repo = SiteRepo.open(dir);
    // The remote's published branch starts where ours is; someone merges a change there.
    git(['push', '-q', remote, 'HEAD:refs/heads/main']);
    const clone = mkdtempSync(join(tmpdir(), 'forecourt-clone-'));
    try {
      execFileSync('git', ['clone', '-q', '-b', 'main', remote, clone]);
      const file = join(clone, 'southern-motor-group.json');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          '"name": "Southern Motor Group"',
          '"name": "Southern Motor Group Ltd"',
        ),
      );
      git(
        [
          '-c',
          'user.name=Reviewer',
          '-c',
          'user.email=r@example.com',
          'commit',
          '-qam',
          'Merge pull request: rename',
        ],
        clone,
      );
      git(['push', '-q', 'origin', 'main'], clone);
      expect(await syncFromRemote(repo, remote)).toEqual({
        kind: 'fast-forward',
        changed: ['southern-motor-group'],
      });
      sites.load('southern-motor-group');
      const entry = sites.get('southern-motor-group');
      expect(entry?.ok && entry.site.name).toBe('Southern Motor Group Ltd');
      expect(await syncFromRemote(repo, remote)).toEqual({ kind: 'up-to-date', changed: [] });
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });
});
