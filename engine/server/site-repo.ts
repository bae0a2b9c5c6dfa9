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
import { LRUCache } from 'lru-cache';
import { plainFileText } from '../site/safe-file.ts';
import { refReader, type RefRead } from './git-refs.ts';
import { repositoryTop, runGit, SYSTEM, type Author, type GitOptions } from './git-run.ts';

export { SYSTEM, type Author };

export interface Version {
  commit: string;
  /** The version before it on the published branch (for its diff); none for the first. */
  parent?: string;
  author: string;
  date: string;
  message: string;
}

/** A refusal the API turns into an answer (status and sentence). */
/** In `commitFile`'s `extra`: the path is removed. */
export const NO_FILE = '0'.repeat(40);

export class RepoError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A commit's full id (SHA-1 or SHA-256), which names the same content for good, unlike a branch or `HEAD`. */
const FULL_COMMIT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export const DRAFT_PREFIX = 'refs/heads/forecourt/draft/';
/** Where each site's draft last ended here (published, discarded): never a new draft to bring in (draft-share.ts). */
const ENDED_PREFIX = 'refs/forecourt/ended/';

export class SiteRepo {
  /** The repository's top folder. */
  readonly top: string;
  /** The sites folder inside it, as git paths start ('' or 'sites/'). */
  readonly prefix: string;

  /** A ref read from the repository's files when they tell for certain (git-refs.ts), else by git. */
  private readonly readRef: (ref: string) => RefRead;

  private constructor(
    readonly sitesDir: string,
    top: string,
  ) {
    this.top = top;
    this.readRef = refReader(top);
    const rel = relative(top, sitesDir).split(sep).join('/');
    this.prefix = rel ? `${rel}/` : '';
  }

  /** The repository holding the sites folder; one is created (with a first commit of what is there) when there is none. */
  static open(sitesDir: string): SiteRepo {
    const top = repositoryTop(sitesDir);
    if (!top) execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: sitesDir });
    const repo = new SiteRepo(sitesDir, top ?? sitesDir);
    if (!top || !repo.tryGit(['rev-parse', '--verify', '-q', 'HEAD'])) {
      repo.git(['add', '-A', '.'], { cwd: sitesDir });
      const first = 'Sites as they were when Forecourt first served them';
      repo.git(['commit', '-q', '--allow-empty', '-m', first], { author: SYSTEM });
    }
    return repo;
  }

  git(args: string[], options: GitOptions = {}): string {
    return runGit(this.top, args, options);
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
    return this.readRef('HEAD') ?? this.git(['rev-parse', 'HEAD']);
  }

  draftBranch(slug: string) {
    return `forecourt/draft/${slug}`;
  }

  /** The commit a full ref name points at, or undefined when there is no such ref. */
  refCommit(ref: string): string | undefined {
    const read = this.readRef(ref);
    if (read !== undefined) return read ?? undefined;
    return this.tryGit(['rev-parse', '--verify', '-q', ref]) || undefined;
  }

  draftHead(slug: string): string | undefined {
    return this.refCommit(`${DRAFT_PREFIX}${slug}`);
  }

  /**
   * Documents already read at a commit named by its full id: what a commit holds never changes,
   * and one request reads the same few (the draft, what is published, where they parted)
   * several times, each a git process otherwise. Bounded by the text kept.
   */
  private readonly filesAtCommits = new LRUCache<string, string>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (text) => Math.max(1, text.length),
  });

  /** The site's document text at a commit (undefined when the commit has no such file). */
  fileAt(commit: string, slug: string): string | undefined {
    const fixed = FULL_COMMIT.test(commit);
    const key = `${commit}:${slug}`;
    const known = fixed ? this.filesAtCommits.get(key) : undefined;
    if (known !== undefined) return known;
    const text = this.tryGit(['cat-file', 'blob', `${commit}:${this.pathOf(slug)}`], { raw: true });
    // Not kept when absent: the commit may only be missing here for now (not fetched yet).
    if (fixed && text !== undefined) this.filesAtCommits.set(key, text);
    return text;
  }

  /** Is this a commit of the repository? */
  hasCommit(commit: string): boolean {
    return (
      /^[0-9a-f]{7,64}$/.test(commit) &&
      this.tryGit(['cat-file', '-e', `${commit}^{commit}`]) !== undefined
    );
  }

  private readonly saves = new LRUCache<string, { author: string; date: string }>({ max: 1000 });

  /** Who saved a draft last, and when: the draft's own line at `head`, not the merges that made it follow the published site. */
  lastSave(head: string): { author: string; date: string } {
    let save = this.saves.get(head);
    if (!save) {
      const [author, date] = this.git([
        'log',
        '-1',
        '--first-parent',
        '--no-merges',
        '--format=%an%x1f%aI',
        head,
      ]).split('\x1f');
      save = { author, date };
      if (FULL_COMMIT.test(head)) this.saves.set(head, save);
    }
    return save;
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
        .map(([path, blob]) => `${blob === NO_FILE ? 0 : 100644} ${blob}\t${path}\n`)
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
    if (head) this.endDraft(slug, head);
    return head;
  }

  /** The commit this site's draft last ended at here (published or discarded). */
  endedDraft(slug: string): string | undefined {
    return this.refCommit(`${ENDED_PREFIX}${slug}`);
  }

  /** Drops the draft branch at `head` and keeps where it ended, in one transaction. */
  private endDraft(slug: string, head: string) {
    this.git(['update-ref', '--stdin'], {
      input: `update ${ENDED_PREFIX}${slug} ${head}\ndelete ${DRAFT_PREFIX}${slug} ${head}\n`,
    });
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
    this.endDraft(slug, draft);
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
