/**
 * Drafts, review and publishing of site documents (docs/publishing.md): what the editor
 * API does with the git repository. Saves are draft commits, merged block by block with a
 * save someone else made in between; publishing merges the draft into the published
 * branch and reloads the site.
 */
import { formatSiteDocument } from '../document/canonical.ts';
import { renderReport } from '../document/diff-render.ts';
import { diffSiteDocuments, type SiteChange } from '../document/diff.ts';
import { mergeSiteDocuments, type MergeConflict } from '../document/merge.ts';
import { parseDocumentText } from '../site/json-text.ts';
import { oneLine, reviewFooter, staffLines, touchedPaths } from './draft-lines.ts';
import { resolveTemplate } from '../site/templates.ts';
import type { DocumentIssue } from '../site/types.ts';
import { followDrafts, type FollowOutcome } from './draft-follow.ts';
import { openPullRequest, type ForgeSettings, type PullRequestInfo } from './forge.ts';
import { RepoError, type Author, type SiteRepo } from './site-repo.ts';
import { deleteReviewBranch, forgetPushed, pushCommit, pushDraft } from './site-remote.ts';
import type { DraftShare } from './draft-share.ts';
import type { SiteStore } from './sites.ts';
import { placeholderIssues } from '../site/placeholders.ts';
import { fileInCommits } from '../document/git-blobs.ts';

type Json = Record<string, any>;

export interface DraftInfo {
  exists: boolean;
  head?: string;
  author?: string;
  date?: string;
  /** The semantic diff published → draft, one line per change. */
  summary: string[];
  /** A site created in the editor and never published: only its draft exists. */
  newSite?: boolean;
  /**
   * Values the published site changed since this draft began that the draft changes too:
   * the draft could not follow the published site (docs/publishing.md) and publishing it
   * asks which to keep.
   */
  conflicts?: number;
}

export type { FollowOutcome };

export class ConflictError extends RepoError {
  constructor(
    readonly conflicts: MergeConflict[],
    readonly document: Json,
    readonly version: string,
  ) {
    super(
      409,
      `someone else saved this site since you opened it, and changed ${conflicts.length === 1 ? 'a value you changed' : `${conflicts.length} values you changed`}; choose which to keep`,
    );
  }
}

export class InvalidError extends RepoError {
  constructor(readonly issues: DocumentIssue[]) {
    super(422, `the document has ${issues.length} problem${issues.length === 1 ? '' : 's'}`);
  }
}

export interface SaveResult {
  text: string;
  version: string;
  changed: boolean;
  merged: boolean;
}

export class DraftService {
  constructor(
    private readonly repo: SiteRepo,
    private readonly sites: SiteStore,
    private readonly options: {
      remote?: string;
      /** Brings in what the remote published (the server's one sync), before a publish builds on it. */
      syncNow?: () => Promise<void>;
      /** GitHub, where "Request review" opens the pull request itself (forge.ts). */
      forge?: ForgeSettings;
      /** Drafts kept on the remote, so any server serves any staff request (draft-share.ts). */
      share?: DraftShare;
      /** Tells the other servers that a site was published (site-signals.ts). */
      onPublished?: (slug: string) => Promise<void>;
    } = {},
  ) {}

  /** Changes the draft with `change`; with a remote, the change is on the remote before this resolves. */
  write<T>(slug: string, change: () => T): Promise<T> {
    const { share } = this.options;
    return share ? share.change(slug, change) : Promise.resolve().then(change);
  }

  /** Before a read: brings the drafts in from the remote; one that fails leaves this server's copy (logged). */
  async bringIn(slugs?: string[]): Promise<void> {
    const { share } = this.options;
    if (!share) return;
    const run = () =>
      share.refresh(slugs).catch((err: Error) => {
        console.warn(`[forecourt] drafts not brought in from ${share.remote}: ${err.message}`);
      });
    await (slugs?.length === 1 ? share.lock(slugs[0], run) : run());
  }

  /** The document staff edit: the draft when there is one, else the published one. */
  current(slug: string): { text: string; version: string } | undefined {
    const version = this.repo.draftHead(slug) ?? this.repo.publishedHead();
    const text = this.repo.fileAt(version, slug);
    return text === undefined ? undefined : { text, version };
  }

  draftInfo(slug: string): DraftInfo {
    const head = this.repo.draftHead(slug);
    if (!head) return { exists: false, summary: [] };
    const { author, date } = this.repo.lastSave(head);
    const published = this.published(slug);
    const over = this.overPublished(slug, head);
    return {
      exists: true,
      head,
      author,
      date,
      summary: this.lines(published, over.text),
      ...(published === undefined ? { newSite: true } : {}),
      ...(over.conflicts.length ? { conflicts: over.conflicts.length } : {}),
    };
  }

  /**
   * Brings drafts onto the published revision after a publish or a merged pull request
   * (draft-follow.ts; docs/publishing.md, "Drafts follow the published site").
   */
  followPublished(slugs?: string[]): Promise<FollowOutcome[]> {
    const { remote, share } = this.options;
    return followDrafts({ repo: this.repo, sites: this.sites, drafts: this, remote, share }, slugs);
  }

  /**
   * Saves a document (already validated, canonical `text`) as the site's draft. When the
   * draft moved on since `baseVersion`, the two saves merge block by block; values both
   * changed come back as a ConflictError (nothing written).
   */
  save(
    slug: string,
    doc: Json,
    baseVersion: string | undefined,
    author: Author,
    validate: (doc: Json) => DocumentIssue[],
  ): SaveResult {
    const head = this.repo.draftHead(slug);
    const current = head ?? this.repo.publishedHead();
    const currentText = this.repo.fileAt(current, slug);
    let text = formatSiteDocument(doc);
    let merged = false;
    if (baseVersion !== undefined && baseVersion !== current && currentText !== undefined) {
      if (!this.repo.hasCommit(baseVersion)) {
        throw new RepoError(
          409,
          'the version you started from is not known here; reload the site (your changes are kept in this browser)',
        );
      }
      const baseText = this.repo.fileAt(baseVersion, slug);
      if (baseText !== currentText) {
        const result = mergeSiteDocuments(
          baseText === undefined ? {} : parseDocumentText(baseText),
          parseDocumentText(currentText),
          doc,
        );
        if (result.conflicts.length)
          throw new ConflictError(result.conflicts, result.merged, current);
        const issues = validate(result.merged);
        if (issues.length) throw new InvalidError(issues);
        text = formatSiteDocument(result.merged);
        merged = true;
      }
    }
    if (text === currentText) return { text, version: current, changed: false, merged };
    const message =
      oneLine(this.lines(currentText, text)) || 'Saved without changes a visitor would see';
    const version = this.repo.saveDraft(slug, text, message, author, head);
    return { text, version, changed: true, merged };
  }

  /**
   * The draft laid over what is published now: the draft itself while the published document
   * has not moved since the draft began; else the block-by-block merge publishing would make,
   * so a merged pull request or another publish never reads as undone by the draft.
   */
  overPublished(
    slug: string,
    head: string,
  ): { text: string; conflicts: MergeConflict[]; merged?: Json } {
    const draftText = this.repo.fileAt(head, slug)!;
    const publishedText = this.published(slug);
    const baseCommit = this.repo.mergeBase(slug);
    const baseText = baseCommit ? this.repo.fileAt(baseCommit, slug) : undefined;
    if (publishedText === undefined || baseText === publishedText)
      return { text: draftText, conflicts: [] };
    const result = mergeSiteDocuments(
      baseText === undefined ? {} : parseDocumentText(baseText),
      parseDocumentText(publishedText),
      parseDocumentText(draftText) as Json,
    );
    const text = result.conflicts.length ? draftText : formatSiteDocument(result.merged);
    return { text, conflicts: result.conflicts, merged: result.merged };
  }

  /** The semantic diff published → draft (laid over what is published now). */
  diff(slug: string): { changes: SiteChange[]; text: string; markdown: string } {
    const head = this.requireDraft(slug);
    const before = this.published(slug);
    const after = this.overPublished(slug, head).text;
    const changes = this.changes(before, after);
    const file = {
      file: `${this.repo.pathOf(slug)}`,
      status: before === undefined ? ('added' as const) : ('modified' as const),
      changes,
    };
    return {
      changes,
      text: renderReport([file], 'text'),
      markdown: renderReport([file], 'markdown'),
    };
  }

  /** Pushes the draft for review and writes its description (Markdown), naming who asked. */
  async review(
    slug: string,
    previewBase: string,
    requester?: Author,
  ): Promise<{
    branch: string;
    remote?: string;
    pushed: boolean;
    markdown: string;
    pullRequest?: PullRequestInfo;
    pullRequestError?: string;
  }> {
    const head = this.requireDraft(slug);
    const { changes, markdown } = this.diff(slug);
    const pages = touchedPaths(changes, this.repo.fileAt(head, slug));
    const { remote, forge } = this.options;
    if (remote) await pushDraft(this.repo, slug, remote);
    const branch = this.repo.draftBranch(slug);
    const body = `${markdown.trimEnd()}${reviewFooter(pages, { previewBase, slug }, requester)}`;
    // The branch is pushed either way: a forge that fails leaves the pull request to open by hand.
    const pr = remote && forge ? await this.pullRequest(forge, slug, branch, body) : {};
    return { branch, remote, pushed: Boolean(remote), markdown: body, ...pr };
  }

  private async pullRequest(forge: ForgeSettings, slug: string, branch: string, body: string) {
    const title = `${slug}: ${oneLine(this.draftInfo(slug).summary) || 'no visible change'}`;
    try {
      const base = this.repo.publishedBranch();
      return { pullRequest: await openPullRequest(forge, { branch, base, title, body }) };
    } catch (err) {
      const reason = `GitHub did not open the pull request: ${(err as Error).message}`;
      console.warn(`[forecourt] ${reason} (${forge.owner}/${forge.repo}, ${branch})`);
      return { pullRequestError: reason };
    }
  }

  /** Merges the draft into the published branch; the running site reloads it, the other servers are told. */
  async publish(slug: string, author: Author, validate: (doc: Json) => DocumentIssue[]) {
    const { share, onPublished } = this.options;
    const publishAndTell = async () => {
      const out = await this.publishHere(slug, author, validate);
      await onPublished?.(slug);
      return out;
    };
    if (!share) return publishAndTell();
    return share.lock(slug, async () => {
      // Unreachable: this copy is published if the remote takes it (its gate below decides).
      await share.refresh([slug]).catch((err: Error) => console.warn(`[forecourt] ${err.message}`));
      // The other servers are told before the remote's copy of the draft goes, not after that
      // push: they serve the publish that much sooner (docs/publishing.md, "Drafts on the remote").
      const out = await publishAndTell();
      await share.drop(slug);
      return out;
    });
  }

  private async publishHere(
    slug: string,
    author: Author,
    validate: (doc: Json) => DocumentIssue[],
  ): Promise<{ published: string; text: string; pushed: boolean }> {
    const { remote, syncNow } = this.options;
    // Build on what the remote has published: its branch must accept the publish as a fast-forward.
    if (remote) await syncNow?.();
    const head = this.requireDraft(slug);
    const publishedText = this.published(slug);
    // Published moved on since the draft began (another publish, a merged pull request): merged.
    const { text, conflicts, merged } = this.overPublished(slug, head);
    if (conflicts.length) throw new ConflictError(conflicts, merged!, this.repo.publishedHead());
    // A merge is checked again; a draft may keep a new block's placeholder words, visitors never.
    const issues = [...(merged ? validate(merged) : []), ...placeholderIssues(JSON.parse(text))];
    if (issues.length) throw new InvalidError(issues);
    const message = `Publish ${slug}: ${oneLine(this.lines(publishedText, text)) || 'no visible change'}`;
    // With a remote, the remote is the source of truth: it takes the publish first, and only
    // what it accepted goes live (docs/publishing.md, "When the remote fails").
    const gate = remote ? (commit: string) => pushCommit(this.repo, remote, commit) : undefined;
    const published = await this.repo.publish(slug, text, message, author, gate);
    forgetPushed(this.repo, slug);
    this.sites.load(slug);
    return { published, text, pushed: Boolean(remote) };
  }

  /** Published versions, newest first, each with what it changed. */
  history(slug: string) {
    const versions = this.repo.history(slug);
    const commits = versions.flatMap((v) => (v.parent ? [v.commit, v.parent] : [v.commit]));
    // One git process for every version's text and its parent's, not two a version.
    const files = fileInCommits(this.repo.top, this.repo.pathOf(slug), commits);
    return versions.map(({ parent, ...v }) => ({
      ...v,
      summary: this.lines(parent && files.get(parent), files.get(v.commit)),
    }));
  }

  /** Makes an older version the draft (a new draft commit; nothing is published). */
  restore(slug: string, commit: string, author: Author): SaveResult {
    if (!this.repo.hasCommit(commit)) throw new RepoError(404, `no version ${commit}`);
    const text = this.repo.fileAt(commit, slug);
    if (text === undefined)
      throw new RepoError(404, `version ${commit.slice(0, 7)} has no document for ${slug}`);
    const head = this.repo.draftHead(slug);
    const currentText = this.repo.fileAt(head ?? this.repo.publishedHead(), slug);
    const [date] = this.repo.git(['log', '-1', '--format=%aI', commit]).split('\n');
    const version = this.repo.saveDraft(
      slug,
      text,
      `Restore the version of ${date.slice(0, 10)} (${commit.slice(0, 7)})`,
      author,
      head,
    );
    return { text, version, changed: text !== currentText, merged: false };
  }

  /** Drops the draft, and its review branch on the remote unless someone else added to it. */
  async discard(slug: string) {
    const head = await this.write(slug, () => this.repo.deleteDraft(slug));
    if (this.options.remote) await deleteReviewBranch(this.repo, slug, this.options.remote, head);
  }

  /** Drafts that exist, by slug. */
  draftSlugs(): string[] {
    const out = this.repo.git([
      'for-each-ref',
      '--format=%(refname)',
      'refs/heads/forecourt/draft/',
    ]);
    return out
      .split('\n')
      .filter(Boolean)
      .map((r) => r.slice('refs/heads/forecourt/draft/'.length));
  }

  private requireDraft(slug: string): string {
    const head = this.repo.draftHead(slug);
    if (!head)
      throw new RepoError(409, 'this site has no draft: nothing is waiting to be published');
    return head;
  }

  private published(slug: string) {
    return this.repo.fileAt(this.repo.publishedHead(), slug);
  }

  private changes(beforeText: string | undefined, afterText: string | undefined): SiteChange[] {
    const before = beforeText === undefined ? {} : (parseDocumentText(beforeText) as Json);
    const after = afterText === undefined ? {} : (parseDocumentText(afterText) as Json);
    return diffSiteDocuments(before, after, {
      templates: { before: this.templateOf(before), after: this.templateOf(after) },
    });
  }

  /** The publish, discard and History summaries and commit messages: staff words, risky first. */
  private lines(beforeText: string | undefined, afterText: string | undefined): string[] {
    return staffLines(beforeText, afterText, this.sites.loadTemplate);
  }

  private templateOf(doc: Json): Json | undefined {
    if (typeof doc.template !== 'string') return undefined;
    try {
      const resolved = resolveTemplate({ template: doc.template }, (name) =>
        this.sites.loadTemplate(name),
      );
      if (!resolved.merged) return undefined;
      const { template: _t, ...rest } = resolved.doc;
      return rest;
    } catch {
      return undefined;
    }
  }
}
