/**
 * The sites folder as a git repository (docs/publishing.md): the published branch is
 * what the work tree has checked out; each site's draft is a branch
 * `forecourt/draft/{slug}` written with git's plumbing through a temporary index, so a
 * draft save never touches the work tree, the developer's index or what visitors see.
 * Node only; runs the `git` binary.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { plainFileText } from '../site/safe-file.ts';

export interface Author {
  name: string;
  email?: string;
}

export interface Version {
  commit: string;
  /** The version before it on the published branch (for its diff); none for the first. */
  parent?: string;
  author: string;
  date: string;
  message: string;
}

/** A refusal the API turns into an answer (status and sentence). */
export class RepoError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const SYSTEM: Author = { name: 'Forecourt', email: 'forecourt@localhost' };
export const DRAFT_PREFIX = 'refs/heads/forecourt/draft/';

export class SiteRepo {
  /** The repository's top folder. */
  readonly top: string;
  /** The sites folder inside it, as git paths start ('' or 'sites/'). */
  readonly prefix: string;

  private constructor(
    readonly sitesDir: string,
    top: string,
  ) {
    this.top = top;
    const rel = relative(top, sitesDir).split(sep).join('/');
    this.prefix = rel ? `${rel}/` : '';
  }

  /** The repository holding the sites folder; one is created (with a first commit of what is there) when there is none. */
  static open(sitesDir: string): SiteRepo {
    let top: string | undefined;
    try {
      top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
        cwd: sitesDir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      top = undefined;
    }
    if (!top) {
      execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: sitesDir });
      const repo = new SiteRepo(sitesDir, sitesDir);
      repo.git(['add', '-A', '.']);
      repo.git(
        [
          'commit',
          '-q',
          '--allow-empty',
          '-m',
          'Sites as they were when Forecourt first served them',
        ],
        { author: SYSTEM },
      );
      return repo;
    }
    const repo = new SiteRepo(sitesDir, realTop(top, sitesDir));
    if (!repo.tryGit(['rev-parse', '--verify', '-q', 'HEAD'])) {
      repo.git(['add', '-A', '.'], { cwd: sitesDir });
      repo.git(
        [
          'commit',
          '-q',
          '--allow-empty',
          '-m',
          'Sites as they were when Forecourt first served them',
        ],
        { author: SYSTEM },
      );
    }
    return repo;
  }

  git(
    args: string[],
    options: {
      author?: Author;
      env?: NodeJS.ProcessEnv;
      cwd?: string;
      input?: string | Buffer;
      raw?: boolean;
    } = {},
  ): string {
    const who = options.author ?? SYSTEM;
    const email =
      who.email ??
      `${
        who.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '.')
          .replace(/^\.|\.$/g, '') || 'staff'
      }@forecourt.local`;
    const out = execFileSync('git', args, {
      cwd: options.cwd ?? this.top,
      encoding: 'utf8',
      input: options.input,
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: who.name,
        GIT_AUTHOR_EMAIL: email,
        GIT_COMMITTER_NAME: SYSTEM.name,
        GIT_COMMITTER_EMAIL: SYSTEM.email,
        ...options.env,
      },
    });
    return options.raw ? out : out.trimEnd();
  }

  /** git, or undefined when it fails. */
  tryGit(args: string[], options: { raw?: boolean } = {}): string | undefined {
    try {
      return this.git(args, options);
    } catch {
      return undefined;
    }
  }

  pathOf(slug: string) {
    return `${this.prefix}${slug}.json`;
  }

  /** The published branch (what the work tree has checked out). */
  publishedBranch(): string {
    return this.git(['symbolic-ref', '--short', 'HEAD']);
  }

  publishedHead(): string {
    return this.git(['rev-parse', 'HEAD']);
  }

  draftBranch(slug: string) {
    return `forecourt/draft/${slug}`;
  }

  draftHead(slug: string): string | undefined {
    return this.tryGit(['rev-parse', '--verify', '-q', `${DRAFT_PREFIX}${slug}`]) || undefined;
  }

  /** The site's document text at a commit (undefined when the commit has no such file). */
  fileAt(commit: string, slug: string): string | undefined {
    return this.tryGit(['cat-file', 'blob', `${commit}:${this.pathOf(slug)}`], { raw: true });
  }

  /** Is this a commit of the repository? */
  hasCommit(commit: string): boolean {
    return (
      /^[0-9a-f]{7,64}$/.test(commit) &&
      this.tryGit(['cat-file', '-e', `${commit}^{commit}`]) !== undefined
    );
  }

  /**
   * A new commit: `base`'s tree (default: the first parent's) with the site's file set to
   * `text` and the `extra` entries (git path → blob) added; nothing else is touched.
   */
  commitFile(
    parents: string[],
    slug: string,
    text: string | undefined,
    message: string,
    author: Author,
    extra: Record<string, string> = {},
    base = parents[0],
  ): string {
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-index-'));
    try {
      const env = { GIT_INDEX_FILE: join(dir, 'index') };
      this.git(['read-tree', base], { env });
      const entries = { ...extra };
      if (text !== undefined)
        entries[this.pathOf(slug)] = this.git(['hash-object', '-w', '--stdin'], { input: text });
      const info = Object.entries(entries)
        .map(([path, blob]) => `100644 ${blob}\t${path}\n`)
        .join('');
      if (info) this.git(['update-index', '--index-info'], { env, input: info });
      const tree = this.git(['write-tree'], { env });
      return this.git(['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-m', message], {
        author,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** The folder of a site's uploaded images, as git paths start (docs/publishing.md). */
  assetsPath(slug: string) {
    return `${this.prefix}assets/${slug}/`;
  }

  /** The images of a site at a commit: git path → blob. */
  assetsAt(commit: string, slug: string): Record<string, string> {
    const out = this.tryGit(['ls-tree', '-r', commit, '--', this.assetsPath(slug)]) ?? '';
    const found: Record<string, string> = {};
    for (const line of out.split('\n').filter(Boolean)) {
      const [meta, path] = line.split('\t');
      found[path] = meta.split(' ')[2];
    }
    return found;
  }

  /**
   * Commits `text` as the site's draft (undefined: the file as it is), with `extra` files
   * (an uploaded image). `expected` is the draft head the caller merged against (undefined:
   * no draft yet); a concurrent save in between is refused (409).
   */
  saveDraft(
    slug: string,
    text: string | undefined,
    message: string,
    author: Author,
    expected: string | undefined,
    extra: Record<string, string> = {},
  ): string {
    const parent = expected ?? this.publishedHead();
    const commit = this.commitFile([parent], slug, text, message, author, extra);
    const ref = `${DRAFT_PREFIX}${slug}`;
    try {
      // The old value makes this a compare-and-swap: two saves cannot both win.
      this.git(['update-ref', ref, commit, expected ?? '0'.repeat(40)]);
    } catch {
      throw new RepoError(409, 'the draft was saved by someone else at the same moment; try again');
    }
    return commit;
  }

  deleteDraft(slug: string): string | undefined {
    const head = this.draftHead(slug);
    if (head) this.git(['update-ref', '-d', `${DRAFT_PREFIX}${slug}`, head]);
    return head;
  }

  /** The commit the draft and the published branch last shared. */
  mergeBase(slug: string): string | undefined {
    const head = this.draftHead(slug);
    return head ? this.tryGit(['merge-base', 'HEAD', head]) : undefined;
  }

  /**
   * Publishes `text` (the draft merged with what is published) with the draft's images: a
   * merge commit on the published branch, the files in the work tree, then the draft branch
   * is dropped. `gate` sees the commit before anything changes here (the remote must accept
   * it first) and refuses by throwing: then nothing is published and the draft stays.
   */
  async publish(
    slug: string,
    text: string,
    message: string,
    author: Author,
    gate?: (commit: string) => Promise<void>,
  ): Promise<string> {
    const draft = this.draftHead(slug);
    if (!draft) throw new RepoError(409, 'there is no draft to publish');
    const images = this.assetsAt(draft, slug);
    const next = this.publishedCommit(slug, text, message, author, [draft], images);
    await gate?.(next.commit);
    this.goLive(slug, text, next, Object.keys(images));
    this.git(['update-ref', '-d', `${DRAFT_PREFIX}${slug}`, draft]);
    return next.commit;
  }

  /**
   * A new site: its first draft, on a branch of its own, so no visitor reaches it (and `/`
   * does not list it) until it is published like any other change (docs/publishing.md).
   */
  createSite(slug: string, text: string, message: string, author: Author): string {
    if (
      existsSync(join(this.top, this.pathOf(slug))) ||
      this.fileAt(this.publishedHead(), slug) !== undefined ||
      this.draftHead(slug)
    )
      throw new RepoError(409, `a site called "${slug}" already exists`);
    return this.saveDraft(slug, text, message, author, undefined);
  }

  /**
   * The next commit of the published branch with the site's file set to `text` (parents: the
   * published head, then `merged`); nothing moves yet. Refuses when the file on disk has
   * changes that are not committed.
   */
  private publishedCommit(
    slug: string,
    text: string,
    message: string,
    author: Author,
    merged: string[],
    extra: Record<string, string> = {},
  ): { commit: string; head: string } {
    const head = this.publishedHead();
    const file = join(this.top, this.pathOf(slug));
    if (plainFileText(file) !== this.fileAt(head, slug)) {
      throw new RepoError(
        409,
        `${this.pathOf(slug)} has changes on disk that are not committed; commit or discard them before publishing`,
      );
    }
    return {
      commit: this.commitFile([head, ...merged], slug, text, message, author, extra),
      head,
    };
  }

  /** Moves the published branch to `commit` (if it is still at `head`), then the site's file (and `images`) in the work tree and their index entries. */
  private goLive(
    slug: string,
    text: string,
    { commit, head }: { commit: string; head: string },
    images: string[] = [],
  ) {
    try {
      this.git(['update-ref', 'HEAD', commit, head]);
    } catch {
      throw new RepoError(409, 'something else was published at the same moment; try again');
    }
    const file = join(this.top, this.pathOf(slug));
    const tmp = `${file}.${process.pid}.publish-tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
    this.git(['reset', '-q', 'HEAD', '--', this.pathOf(slug)]);
    // Images are new files named by their content: written as published, never over a change.
    const missing = images.filter((path) => !existsSync(join(this.top, path)));
    if (missing.length) this.git(['checkout', '-q', 'HEAD', '--', ...missing]);
  }

  /** Published versions of a site, newest first. */
  history(slug: string, limit = 50): Version[] {
    const out = this.git([
      'log',
      `-n${limit}`,
      '--first-parent',
      '--format=%H%x1f%P%x1f%an%x1f%aI%x1f%s%x1e',
      'HEAD',
      '--',
      this.pathOf(slug),
    ]);
    return out
      .split('\x1e')
      .map((r) => r.trim())
      .filter(Boolean)
      .map((r) => {
        const [commit, parents, author, date, message] = r.split('\x1f');
        return { commit, parent: parents.split(' ')[0] || undefined, author, date, message };
      });
  }

  /** Site slugs whose files differ between `before` and the published head. */
  changedSites(before: string): string[] {
    const changed = this.git(['diff', '--name-only', before, 'HEAD', '--', this.prefix || '.']);
    return changed
      .split('\n')
      .filter(
        (f) =>
          f.startsWith(this.prefix) &&
          f.endsWith('.json') &&
          !f.slice(this.prefix.length).includes('/'),
      )
      .map((f) => f.slice(this.prefix.length, -'.json'.length));
  }
}

/** git answers the top folder with symlinks resolved; keep the caller's spelling when it is the same place. */
function realTop(top: string, sitesDir: string): string {
  const rel = relative(top, sitesDir);
  if (!rel.startsWith('..')) return top;
  // sitesDir reached through a symlink (e.g. /tmp → /private/tmp): walk up from sitesDir instead.
  let dir = sitesDir;
  while (!existsSync(join(dir, '.git')) && dir !== join(dir, '..')) dir = join(dir, '..');
  return dir;
}
