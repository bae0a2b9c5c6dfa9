/**
 * The server speaks staff words (docs/editor-design.md, "Staff words"): 50 random edits
 * (seeded, the same kinds as the review's test, tests/unit/document/words/random-edits.ts) to
 * the demo sites, saved and published through the editor API five at a time; the draft's
 * summary (what Publish and Discard confirm with), History and the git commit messages name
 * page, block and field by their titles, never by a JSON path, and the risky changes come first.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import express from 'express';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEditorRouter } from '../../../engine/server/editor-api.ts';
import { oneLine } from '../../../engine/server/draft-lines.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { edit, hasJsonPath, random, type Doc } from '../document/words/random-edits.ts';
import { listenLocally, type Listening } from '../listen.ts';

const root = join(import.meta.dirname, '../../..');
const SLUGS = ['kiwi-car-yard', 'gold-coast-ford', 'lakeside-chevrolet', 'southern-motor-group'];
/** 50 edits, five to a publish: each publish reloads a whole site, seconds on a loaded machine. */
const ROUNDS = 10;
const EDITS_PER_ROUND = 5;
/**
 * A line that starts by naming its place as staff see it: a page by its title and address,
 * the header and footer, a settings section, a feature switch, a field of the site, the
 * template, or a location, offer or dealership by its name.
 */
const NAMED =
  /^(Page .+? \([^)]*\)|Header and footer ›|Settings ›|Feature switches ›|Site ›|Template:|(Location|Offer|Dealership)s? )/;

let dir: string;
let app: Listening;

const send = (method: string, body: unknown) => ({
  method,
  headers: { 'Content-Type': 'application/json', 'X-Forecourt-Staff': 'Sam%20Lee' },
  body: JSON.stringify(body),
});
async function api(path: string, init?: RequestInit) {
  const res = await fetch(`${app.base}/api/editor${path}`, init);
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-draft-words-'));
  cpSync(join(root, 'sites'), dir, { recursive: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const sites = new SiteStore(dir);
  const repo = SiteRepo.open(dir);
  const drafts = new DraftService(repo, sites, {});
  const server = express();
  server.use('/api/editor', createEditorRouter({ sites, sitesDir: dir, repo, drafts }));
  app = await listenLocally(server);
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('publish, discard, History and commit messages in staff words', () => {
  it(`${ROUNDS * EDITS_PER_ROUND} random edits saved and published read without a JSON path`, async () => {
    let published = 0;
    let lines = 0;
    // A random edit can make a document the server refuses (a host name another site has); the next seed then.
    for (let seed = 1; published < ROUNDS && seed <= ROUNDS * 3; seed++) {
      const slug = SLUGS[seed % SLUGS.length];
      const opened = (await api(`/sites/${slug}`)).body;
      const doc = structuredClone(opened.document) as Doc;
      const r = random(seed);
      const done = Array.from({ length: EDITS_PER_ROUND }, () => edit(doc, r));
      const why = `seed ${seed} (${slug}): ${done.join(', ')}`;
      const saved = await api(
        `/sites/${slug}`,
        send('PUT', { document: doc, baseVersion: opened.version }),
      );
      if (saved.status !== 200 || !saved.body.changed) continue;
      const summary: string[] = (await api(`/sites/${slug}`)).body.draft.summary;
      expect(summary.length, why).toBeGreaterThan(0);
      const out = await api(`/sites/${slug}/publish`, send('POST', {}));
      expect(out.status, why).toBe(200);
      const history = (await api(`/sites/${slug}/history`)).body.versions[0];
      expect(history.summary, why).toEqual(summary);
      for (const line of summary) {
        expect(hasJsonPath(line), `${why}: ${line}`).toBe(false);
        expect(line, why).toMatch(NAMED);
      }
      // A new host name is risky: it comes before the page changes.
      if (done.some((d) => d.startsWith('host')))
        expect(summary[0], why).toMatch(/^Settings › Identity › Web addresses/);
      // The publish's commit and the save's, its second parent: the publish merges the draft
      // branch, and `git log -2` orders the two parents by date, so a publish made in the same
      // second as the save could list the previous publish second.
      const subject = (rev: string) =>
        execFileSync('git', ['log', '-1', '--format=%s', rev], { cwd: dir }).toString().trim();
      const [publish, save] = [subject('HEAD'), subject('HEAD^2')];
      expect(publish, why).toBe(`Publish ${slug}: ${oneLine(summary)}`);
      expect(save, why).toBe(oneLine(summary));
      published++;
      lines += summary.length;
    }
    expect(published).toBe(ROUNDS);
    // Two edits of one value read as one change, and a removed block's earlier edit as none.
    expect(lines).toBeGreaterThanOrEqual(ROUNDS * 3);
  }, 240_000); // 10 saves and publishes in git, each reloading a whole site: a minute, more on a loaded machine
});
