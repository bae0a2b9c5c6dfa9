/**
 * What the preview iframe shows for a checked draft (editor/preview.tsx renders it). A
 * draft may be invalid while staff work on it, and the preview keeps showing all of it
 * that it can, saying what is not as it will be (docs/editor-design.md, "Validation and the
 * preview"):
 *
 * - A block with problems is still shown and marked: each prop with a problem takes the
 *   block's last valid value, else its schema default, else is left out; a list item
 *   with a problem is left out of its list (an empty FAQ item does not hide the FAQ).
 * - A problem outside blocks (a half-filled location, say) leaves that part out of the
 *   preview: the list item it is in, else the property itself. Only a problem that cannot
 *   be left out (the document itself) keeps the last version shown that had none; with no
 *   such version yet the draft is shown as it is, and the banner says so.
 *
 * Pure apart from what it remembers between renders (the last shown site, each block's
 * last valid props), so it is unit-tested without the iframe.
 */
import get from 'lodash-es/get.js';
import uniqBy from 'lodash-es/uniqBy.js';
import unset from 'lodash-es/unset.js';
import { Immer } from 'immer';
import { walkBlocks } from '../../engine/tree.ts';
import { siteDataFor } from '../../engine/site/data.ts';
import type { Block, DocumentIssue, ResolvedSite } from '../../engine/site/types.ts';
import type { Catalogue } from '../../schemas/types.gen.ts';
import { blockSchemas } from '../../schemas/index.gen.ts';
import { metaOf } from './blocks.ts';
import { fieldTrail } from '../../engine/document/words/field-words.ts';
import { issueTarget } from '../../engine/document/words/place-targets.ts';
import { describeTarget } from '../../engine/document/words/place-words.ts';
import { blockForm } from './schemas.ts';
import { shareEqual } from './share-equal.ts';

export { shareEqual };

/** How the banner describes problems outside blocks: what the preview does about them. */
export type StaleShown = 'left-out' | 'last-valid' | 'as-is';

export interface Shown {
  site: ResolvedSite;
  siteData: ReturnType<typeof siteDataFor>;
  path: string;
  revision: number;
  /** Block id → its problems (the block is shown, marked). */
  problems: Map<string, string[]>;
  /** Problems outside blocks, and what the preview shows because of them. */
  stale: DocumentIssue[];
  /** Each of `stale` in staff words: where it is (settings section and field) and what is wrong. */
  staleWords: string[];
  staleShown?: StaleShown;
  issues: number;
}

type Json = Record<string, unknown>;

// Not frozen: the renderer and its helpers get the site as the server prepared it, plain objects.
const { produce } = new Immer({ autoFreeze: false });

function segments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .filter((s, i, all) => s !== '' || i < all.length - 1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const INDEX = /^\d+$/;

/** The block containing a JSON path of the document, with the path inside its props (undefined: the block itself). */
function blockAt(doc: unknown, path: string): { block: Block; inProps?: string[] } | undefined {
  let best: { block: Block; path: string } | undefined;
  for (const { block, path: p } of walkBlocks(doc)) {
    if ((path === p || path.startsWith(`${p}/`)) && (!best || p.length > best.path.length))
      best = { block: block as Block, path: p };
  }
  if (!best) return undefined;
  const rest = segments(path.slice(best.path.length));
  return { block: best.block, inProps: rest[0] === 'props' ? rest.slice(1) : undefined };
}

/**
 * Where to cut a problem out of a value: the innermost list item holding it (below the
 * first segment, so a whole list is never emptied), else the property itself; undefined
 * when the path is the value itself.
 */
export function cutFor(path: string[]): string[] | undefined {
  for (let i = path.length - 1; i >= 1; i--) if (INDEX.test(path[i])) return path.slice(0, i + 1);
  return path.length ? path : undefined;
}

/** Removes values by path (list items from the end first, so the indexes stay right). */
function cutOut<T extends object>(value: T, cuts: string[][]): T {
  const sorted = uniqBy(cuts, (c) => c.join('/')).sort((a, b) =>
    b.join('/').localeCompare(a.join('/'), 'en', { numeric: true }),
  );
  return produce(value, (draft) => {
    for (const cut of sorted) {
      const last = cut[cut.length - 1];
      const parent: unknown = cut.length > 1 ? get(draft, cut.slice(0, -1)) : draft;
      if (Array.isArray(parent) && INDEX.test(last)) parent.splice(Number(last), 1);
      else unset(draft, cut);
    }
  });
}

function schemaDefault(type: string, key: string): { value: unknown } | undefined {
  const prop = (
    (blockSchemas as unknown as Record<string, Json | undefined>)[type]?.properties as
      Record<string, Json> | undefined
  )?.[key];
  return prop && 'default' in prop ? { value: prop.default } : undefined;
}

/**
 * A block's props as the preview shows them while some have problems (paths inside the
 * props; an empty path is a problem of the props as a whole).
 */
export function propsToShow(
  type: string,
  props: Json,
  problems: string[][],
  lastValid: Json | undefined,
): Json {
  const cuts: string[][] = [];
  const keys = new Set<string>();
  let whole = false;
  for (const path of problems) {
    const cut = cutFor(path);
    if (!cut) whole = true;
    else if (cut.length > 1 && INDEX.test(cut[cut.length - 1])) cuts.push(cut);
    else keys.add(path[0]);
  }
  const base = whole && lastValid ? { ...lastValid, ...props } : props;
  return produce(cutOut(base, cuts), (draft) => {
    for (const key of keys) {
      const fallback =
        lastValid && key in lastValid ? { value: lastValid[key] } : schemaDefault(type, key);
      if (fallback) draft[key] = fallback.value;
      else delete draft[key];
    }
  });
}

/** A block's problem as its note lists it: the fields on the way, as the form names them, and the message. */
function problemText(block: Block, inProps: string[] | undefined, message: string) {
  if (!inProps?.length) return message;
  return `${fieldTrail(blockForm(String(block.type))?.schema, inProps, block.props).join(' › ')}: ${message}`;
}

/** A problem outside blocks in staff words ("Settings › Locations › Location 2 › Address: This is required"). */
function staleText(doc: Json, issue: DocumentIssue) {
  return `${describeTarget(doc, issueTarget(doc, issue.path), issue.path)}: ${issue.message}`;
}

export class PreviewModel {
  private last?: Shown;
  /** The last shown version with nothing outside blocks kept from before. */
  private lastCurrent?: Shown;
  private validProps = new Map<string, Json>();

  show(
    doc: Json,
    issues: DocumentIssue[],
    models: unknown[],
    path: string,
    revision: number,
  ): Shown {
    const problems = new Map<string, string[]>();
    const inBlocks = new Map<string, { props: Json; paths: string[][] }>();
    const stale: DocumentIssue[] = [];
    for (const issue of issues) {
      const at = blockAt(doc, issue.path);
      if (!at) {
        stale.push(issue);
        continue;
      }
      const id = String(at.block.id);
      problems.set(id, [
        ...(problems.get(id) ?? []),
        problemText(at.block, at.inProps, issue.message),
      ]);
      const entry = inBlocks.get(id) ?? { props: (at.block.props ?? {}) as Json, paths: [] };
      entry.paths.push(at.inProps ?? []);
      inBlocks.set(id, entry);
    }
    const staleCuts = stale.map((i) => cutFor(segments(i.path)));
    const cuttable = staleCuts.every((c) => c !== undefined);
    if (stale.length && !cuttable && this.lastCurrent) {
      return this.remember(
        {
          ...this.lastCurrent,
          path,
          revision,
          stale,
          staleWords: stale.map((i) => staleText(doc, i)),
          staleShown: 'last-valid',
          issues: issues.length,
        },
        false,
      );
    }
    let site = produce(doc, (draft) => {
      if (!inBlocks.size) return;
      for (const { block } of walkBlocks(draft)) {
        const id = String(block.id);
        const entry = inBlocks.get(id);
        if (entry)
          (block as Block).props = propsToShow(
            String(block.type),
            entry.props,
            entry.paths,
            this.validProps.get(id),
          );
      }
    });
    site = cutOut(
      site,
      staleCuts.filter((c): c is string[] => !!c),
    );
    site = shareEqual(this.last?.site, site);
    // Shared too: every block reads the site's data through the renderer's context, so a new object re-renders them all.
    const siteData =
      this.last && this.last.site === site
        ? this.last.siteData
        : shareEqual(
            this.last?.siteData,
            siteDataFor(site as unknown as ResolvedSite, { models } as unknown as Catalogue),
          );
    for (const { block } of walkBlocks(site))
      if (!problems.has(String(block.id)))
        this.validProps.set(String(block.id), (block.props ?? {}) as Json);
    const staleShown: StaleShown | undefined = !stale.length
      ? undefined
      : cuttable
        ? 'left-out'
        : 'as-is';
    const staleWords = stale.map((i) => staleText(doc, i));
    return this.remember(
      {
        site: site as unknown as ResolvedSite,
        siteData,
        path,
        revision,
        problems,
        stale,
        staleWords,
        staleShown,
        issues: issues.length,
      },
      cuttable,
    );
  }

  /** The site shown after a patch of the fast path (preview-patch.ts): the next check's objects are shared with it. */
  adopt(site: ResolvedSite) {
    if (this.last) this.last = { ...this.last, site };
  }

  private remember(shown: Shown, current: boolean): Shown {
    this.last = shown;
    if (current) this.lastCurrent = shown;
    return shown;
  }
}

/** The banner's words for problems outside blocks. */
export function staleBanner(
  shown: Pick<Shown, 'stale' | 'staleWords' | 'staleShown'>,
): string | undefined {
  if (!shown.stale.length) return undefined;
  const one = shown.stale.length === 1;
  const list = shown.staleWords.join('; ');
  switch (shown.staleShown) {
    case 'last-valid':
      return `The preview shows the last version without ${one ? 'this problem' : 'these problems'} until ${one ? 'it is' : 'they are'} fixed: ${list}`;
    case 'as-is':
      return `The preview shows the draft as it is, which may look wrong until ${one ? 'this problem is' : 'these problems are'} fixed: ${list}`;
    default:
      return `Left out of the preview until fixed: ${list}`;
  }
}

/** The note on a block with problems. */
export function blockNote(block: Pick<Block, 'type' | 'id'>): string {
  return `${metaOf(block.type).label} “${block.id}” has problems; the preview shows it with its last valid settings (or their defaults) until they are fixed:`;
}
