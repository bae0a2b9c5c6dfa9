/**
 * The pull request of a review, opened through GitHub's REST API (docs/publishing.md, "Review
 * in a pull request"): with FORECOURT_GITHUB_TOKEN set, "Request review" opens the pull
 * request from the draft's review branch to the published branch, with the review's
 * description as its body, or updates the body of the one already open; staff never open it
 * by hand. With @octokit/rest, GitHub's own client.
 */
import { remoteTimeoutMs } from './git-remote.ts';

export interface ForgeSettings {
  token: string;
  owner: string;
  repo: string;
  /** The API's address (GitHub Enterprise, a test's recorder); default GitHub's. */
  baseUrl?: string;
}

/** What "Request review" answers of the pull request. */
export interface PullRequestInfo {
  url: string;
  number: number;
  /** False when one was already open for the branch (its body was brought up to date). */
  created: boolean;
}

/** GitHub refuses a pull request body over 65,536 characters. */
export const PULL_REQUEST_BODY_LIMIT = 60_000;

/** The repository a GitHub remote URL names (https or ssh), else undefined. */
export function githubRepoOf(remote: string): { owner: string; repo: string } | undefined {
  const m = /github\.com[/:]([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(
    remote.trim(),
  );
  return m ? { owner: m[1], repo: m[2] } : undefined;
}

/**
 * The forge settings from the environment: FORECOURT_GITHUB_TOKEN, the repository from
 * FORECOURT_GITHUB_REPO (`owner/name`) or else FORECOURT_GIT_REMOTE's GitHub URL, the API
 * from FORECOURT_GITHUB_API_URL. Undefined without a token (the pull request is opened by hand).
 */
export function forgeFromEnv(env: NodeJS.ProcessEnv = process.env): ForgeSettings | undefined {
  const token = env.FORECOURT_GITHUB_TOKEN;
  if (!token) return undefined;
  const [owner, repo, ...rest] = (env.FORECOURT_GITHUB_REPO ?? '').split('/');
  const named =
    owner && repo && !rest.length ? { owner, repo } : githubRepoOf(env.FORECOURT_GIT_REMOTE ?? '');
  if (!named) {
    console.warn(
      '[forecourt] FORECOURT_GITHUB_TOKEN is set but no GitHub repository is known (FORECOURT_GITHUB_REPO=owner/name, or a github.com FORECOURT_GIT_REMOTE): pull requests are opened by hand',
    );
    return undefined;
  }
  return { token, ...named, baseUrl: env.FORECOURT_GITHUB_API_URL || undefined };
}

/** Opens the pull request of `branch` into `base`, or updates the body of the one open. */
export async function openPullRequest(
  forge: ForgeSettings,
  pr: { branch: string; base: string; title: string; body: string },
): Promise<PullRequestInfo> {
  // Loaded with the first pull request: a server without FORECOURT_GITHUB_TOKEN never pays for it.
  const { Octokit } = await import('@octokit/rest');
  const octokit = new Octokit({
    auth: forge.token,
    userAgent: 'forecourt',
    // A refusal is logged once, with its reason, by the caller (drafts.ts); octokit's own line would repeat it.
    log: { debug: () => {}, info: () => {}, warn: console.warn, error: () => {} },
    ...(forge.baseUrl ? { baseUrl: forge.baseUrl } : {}),
    // Like a push, it never holds the editor longer than a remote command may take.
    request: { signal: AbortSignal.timeout(remoteTimeoutMs()) },
  });
  const { owner, repo } = forge;
  const body =
    pr.body.length > PULL_REQUEST_BODY_LIMIT
      ? `${pr.body.slice(0, PULL_REQUEST_BODY_LIMIT)}\n\n… (cut here: the review comment has it all)\n`
      : pr.body;
  const { data: open } = await octokit.rest.pulls.list({
    owner,
    repo,
    head: `${owner}:${pr.branch}`,
    base: pr.base,
    state: 'open',
    per_page: 1,
  });
  if (open.length) {
    await octokit.rest.pulls.update({ owner, repo, pull_number: open[0].number, body });
    return { url: open[0].html_url, number: open[0].number, created: false };
  }
  const { data } = await octokit.rest.pulls.create({
    owner,
    repo,
    head: pr.branch,
    base: pr.base,
    title: pr.title.length > 200 ? `${pr.title.slice(0, 199)}…` : pr.title,
    body,
  });
  return { url: data.html_url, number: data.number, created: true };
}
