/**
 * "Request review" opens the pull request through GitHub's REST API when a token is set
 * (engine/server/forge.ts; docs/publishing.md, "Review in a pull request"): against a real
 * bare git remote for the branch, and a local HTTP endpoint in GitHub's place (octokit's
 * baseUrl) that records each request and answers as GitHub does.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatSiteDocument } from '../../../engine/document/canonical.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { forgeFromEnv, githubRepoOf } from '../../../engine/server/forge.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { ROOT } from '../helpers.ts';

const SITE = 'southern-motor-group';
const TOKEN = 'ghp_recorded';

interface Recorded {
  method: string;
  path: string;
  authorization?: string;
  body?: Record<string, any>;
}
const recorded: Recorded[] = [];
/** What the stand-in answers: the pull requests open, or a failure. */
let openPulls: { number: number; html_url: string }[] = [];
let failWith: number | undefined;

let api: Server;
let apiUrl: string;
const temps: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `forecourt-${name}-`));
  temps.push(dir);
  return dir;
};

const readBody = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as Record<string, any>) : undefined;
};

beforeAll(async () => {
  api = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    recorded.push({
      method: req.method!,
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      body: await readBody(req),
    });
    res.setHeader('Content-Type', 'application/json');
    if (failWith) {
      res.statusCode = failWith;
      return res.end(JSON.stringify({ message: 'Validation Failed' }));
    }
    if (req.method === 'GET') return res.end(JSON.stringify(openPulls));
    if (req.method === 'POST') {
      res.statusCode = 201;
      return res.end(
        JSON.stringify({ number: 7, html_url: 'https://github.com/dealer-group/sites/pull/7' }),
      );
    }
    res.end(JSON.stringify(openPulls[0] ?? {}));
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => api.close(r));
  temps.forEach((d) => rmSync(d, { recursive: true, force: true }));
});
beforeEach(() => {
  recorded.length = 0;
  openPulls = [];
  failWith = undefined;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

/** Sites in git with a bare remote, and a draft of one site. */
function setup() {
  const sites = temp('sites');
  cpSync(join(ROOT, 'sites'), sites, { recursive: true });
  const remote = temp('remote');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main'], { cwd: remote });
  const repo = SiteRepo.open(sites);
  repo.git(['push', '-q', remote, 'HEAD:refs/heads/main']);
  const store = new SiteStore(sites, { quiet: true });
  const forge = { token: TOKEN, owner: 'dealer-group', repo: 'sites', baseUrl: apiUrl };
  const drafts = new DraftService(repo, store, { remote, forge });
  const doc = JSON.parse(readFileSync(join(sites, `${SITE}.json`), 'utf8'));
  doc.name = 'Reviewed Motors';
  repo.saveDraft(SITE, formatSiteDocument(doc), 'Save', { name: 'Sam' }, undefined);
  return { drafts, remote, repo };
}

describe(
  'with a GitHub token, "Request review" opens the pull request',
  { timeout: 60_000 },
  () => {
    it('pushes the branch, then asks GitHub for a pull request into the published branch', async () => {
      const { drafts, remote, repo } = setup();
      const review = await drafts.review(SITE, 'https://platform.example.com', {
        name: 'Pat [Publisher](https://x.example)',
        email: 'pat@dealer.example',
      });
      expect(
        execFileSync('git', ['branch', '--list'], { cwd: remote, encoding: 'utf8' }),
      ).toContain(repo.draftBranch(SITE));
      expect(review.pullRequest).toEqual({
        url: 'https://github.com/dealer-group/sites/pull/7',
        number: 7,
        created: true,
      });
      const [list, create] = recorded;
      expect(list.method).toBe('GET');
      const query = new URL(list.path, 'http://x').searchParams;
      expect(list.path.startsWith('/repos/dealer-group/sites/pulls?')).toBe(true);
      expect(query.get('head')).toBe(`dealer-group:${repo.draftBranch(SITE)}`);
      expect(query.get('state')).toBe('open');
      expect(create).toMatchObject({
        method: 'POST',
        path: '/repos/dealer-group/sites/pulls',
        authorization: `token ${TOKEN}`,
        body: { head: repo.draftBranch(SITE), base: 'main', body: review.markdown },
      });
      expect(create.body!.title).toMatch(new RegExp(`^${SITE}: .*Reviewed Motors`));
      // A review makes no commit: the description names who asked, as plain text.
      expect(review.markdown).toContain(
        'Review requested by Pat \\[Publisher\\]\\(https://x.example\\) <pat@dealer.example>.',
      );
      expect(recorded).toHaveLength(2);
    });

    it('updates the body of the pull request already open instead of opening another', async () => {
      const { drafts } = setup();
      openPulls = [{ number: 3, html_url: 'https://github.com/dealer-group/sites/pull/3' }];
      const review = await drafts.review(SITE, 'https://platform.example.com');
      expect(review.pullRequest).toMatchObject({ number: 3, created: false });
      expect(recorded.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
        'GET /repos/dealer-group/sites/pulls',
        'PATCH /repos/dealer-group/sites/pulls/3',
      ]);
      expect(recorded[1].body).toEqual({ body: review.markdown });
    });

    it('a refusal from GitHub leaves the branch pushed and says why', async () => {
      const { drafts } = setup();
      failWith = 422;
      const review = await drafts.review(SITE, 'https://platform.example.com');
      expect(review.pushed).toBe(true);
      expect(review.pullRequest).toBeUndefined();
      expect(review.pullRequestError).toMatch(/GitHub did not open the pull request: .*Validation/);
    });
  },
);

describe('the forge settings', () => {
  it('name the repository from FORECOURT_GITHUB_REPO or a GitHub remote, and need a token', () => {
    expect(githubRepoOf('git@github.com:dealer-group/sites.git')).toEqual({
      owner: 'dealer-group',
      repo: 'sites',
    });
    expect(githubRepoOf('https://github.com/dealer-group/sites')).toEqual({
      owner: 'dealer-group',
      repo: 'sites',
    });
    expect(githubRepoOf('/srv/git/sites.git')).toBeUndefined();
    expect(forgeFromEnv({ FORECOURT_GIT_REMOTE: 'git@github.com:a/b.git' })).toBeUndefined();
    expect(
      forgeFromEnv({ FORECOURT_GITHUB_TOKEN: 't', FORECOURT_GIT_REMOTE: 'git@github.com:a/b.git' }),
    ).toEqual({ token: 't', owner: 'a', repo: 'b', baseUrl: undefined });
    expect(
      forgeFromEnv({
        FORECOURT_GITHUB_TOKEN: 't',
        FORECOURT_GITHUB_REPO: 'c/d',
        FORECOURT_GITHUB_API_URL: 'https://ghe.example.com/api/v3',
      }),
    ).toEqual({ token: 't', owner: 'c', repo: 'd', baseUrl: 'https://ghe.example.com/api/v3' });
    expect(forgeFromEnv({ FORECOURT_GITHUB_TOKEN: 't', FORECOURT_GIT_REMOTE: '/srv/x' })).toBe(
      undefined,
    );
  });
});
