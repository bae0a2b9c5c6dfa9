/**
 * The preview's fast path (docs/editor-design.md, "Speed"): what changed between two resolved
 * drafts, said in a few words the preview can apply at once to what it shows, before the
 * server's check of the draft comes back (a 1,000-block page takes the server far longer
 * than a keystroke may).
 *
 * Only changes whose prepared form the browser knows without the server are sent:
 * - a block's top-level text props, numbers and booleans: plain text is shown escaped by
 *   React as the server leaves it; rich text is sanitised by the preview with the server's
 *   own rules (engine/sanitize/html-rules.ts, as the rich-text field does);
 * - the same inside a block's lists and groups (a button's label, a card's link), where the
 *   list keeps its items and the group its fields: plain text, numbers, booleans, and links
 *   that fit the link field's own pattern (the server does not rewrite links when it
 *   prepares a draft, so a link that fits is shown as typed);
 * - the blocks of one page rearranged (moved, removed, added from the palette): every
 *   block the preview already shows keeps its prepared props; a new block brings its
 *   props (markup only in top-level rich text, sanitised), and the preview fills its
 *   top-level defaults.
 * Anything else (rich text in a list, an item added, settings, the layout, a template switch) waits for the
 * server's check as before. The check's render always wins once it is as new as a patch.
 */
import { blockSchemas } from '../../schemas/index.gen.ts';
import type { Doc } from './doc.ts';
import { blockForm, type JsonSchema } from './schemas.ts';
import { eachBlock, mapBlocks, pairBlocks } from '../../engine/tree.ts';
import { leafChanges, setLeaves, type Leaf } from './preview-leaves.ts';

type Props = Record<string, unknown>;

interface PatchBlock {
  type: string;
  id: string;
  props?: Props;
  children?: PatchBlock[];
  slots?: Record<string, PatchBlock[]>;
}

/** A page's block tree by id; `added` (with its props) for a block the preview has not shown yet. */
export interface Skeleton {
  id: string;
  type: string;
  added?: true;
  props?: Props;
  /** The props that are rich text: the preview sanitises them as the server would. */
  html?: string[];
  children?: Skeleton[];
  slots?: Record<string, Skeleton[]>;
}

export type PreviewPatch =
  | {
      kind: 'props';
      blockId: string;
      changes: Record<string, string | number | boolean>;
      html?: string[];
      /** Values changed inside lists and groups of props, by their path under the props. */
      leaves?: Leaf[];
    }
  | { kind: 'page'; pageId: string; blocks: Skeleton[] };

/**
 * A string prop the preview may take from the editor: plain text (no choices, format,
 * picker or link: Canvas/inline-targets.ts reads texts the same way), shown escaped by
 * React, or rich text, which the preview sanitises with the server's rules.
 */
function textKind(type: string, key: string): 'text' | 'html' | undefined {
  const prop = (blockForm(type)?.schema?.properties as Record<string, JsonSchema> | undefined)?.[
    key
  ];
  if (!prop || prop.type !== 'string') return undefined;
  if (prop['x-def'] === 'html' || prop.contentMediaType === 'text/html') return 'html';
  return prop.enum || prop.const !== undefined || prop.format || prop['x-def'] || prop['x-ref']
    ? undefined
    : 'text';
}

/** The props that changed, when each is one the preview may show at once. */
function propChanges(
  type: string,
  before: Props,
  after: Props,
):
  | { changes: Record<string, string | number | boolean>; html: string[]; leaves: Leaf[] }
  | undefined {
  const changes: Record<string, string | number | boolean> = {};
  const html: string[] = [];
  const leaves: Leaf[] = [];
  const schema = blockForm(type)?.schema?.properties as Record<string, JsonSchema> | undefined;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const v = after[key];
    if (v === before[key]) continue;
    const kind = typeof v === 'string' ? textKind(type, key) : undefined;
    if (typeof v === 'number' || typeof v === 'boolean' || kind)
      changes[key] = v as string | number | boolean;
    // A list or group: the form hands back a new copy on every keystroke, changed or not.
    else if (v && typeof v === 'object' && before[key] && typeof before[key] === 'object') {
      if (!leafChanges(schema?.[key], before[key], v, [key], leaves)) return undefined;
    } else return undefined;
    if (kind === 'html') html.push(key);
  }
  return { changes, html, leaves };
}

const blocksOf = (list: unknown) => (Array.isArray(list) ? (list as PatchBlock[]) : []);

/** Markup anywhere in a value (a list item's rich text, say): such a new block waits for the check. */
const hasMarkup = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('<')
    : Array.isArray(value)
      ? value.some(hasMarkup)
      : !!value && typeof value === 'object' && Object.values(value).some(hasMarkup);

/** The page's new tree; undefined when a block the preview shows changed its props too, or a new block holds markup. */
function skeleton(after: PatchBlock[], known: Map<string, PatchBlock>): Skeleton[] | undefined {
  return mapBlocks<PatchBlock, Skeleton>(after, (b, lists) => {
    const was = known.get(b.id);
    const node: Skeleton = { id: b.id, type: b.type };
    if (!was) {
      const html = Object.keys(b.props ?? {}).filter(
        (k) => typeof b.props![k] === 'string' && textKind(b.type, k) === 'html',
      );
      if (Object.entries(b.props ?? {}).some(([k, v]) => !html.includes(k) && hasMarkup(v)))
        return undefined;
      node.added = true;
      if (b.props) node.props = b.props;
      if (html.length) node.html = html;
    } else if (was.props !== b.props || was.type !== b.type) return undefined;
    if (lists.children) node.children = lists.children;
    if (lists.slots) node.slots = lists.slots;
    return node;
  });
}

function byId(list: PatchBlock[]): Map<string, PatchBlock> {
  const out = new Map<string, PatchBlock>();
  eachBlock<PatchBlock>(list, (b) => out.set(b.id, b));
  return out;
}

/** What the preview can apply at once for the change from `prev` to `next` (resolved drafts); none: wait for the check. */
export function previewPatches(prev: Doc, next: Doc): PreviewPatch[] | undefined {
  if (prev === next) return [];
  for (const key of new Set([...Object.keys(prev), ...Object.keys(next)]))
    if (key !== 'pages' && prev[key] !== next[key]) return undefined;
  const before = (prev.pages ?? []) as Doc[];
  const after = (next.pages ?? []) as Doc[];
  if (before.length !== after.length) return undefined;
  const changed = after.flatMap((page, i) => (page === before[i] ? [] : [i]));
  if (changed.length !== 1) return changed.length ? undefined : [];
  const was = before[changed[0]];
  const page = after[changed[0]];
  for (const key of new Set([...Object.keys(was), ...Object.keys(page)]))
    if (key !== 'blocks' && was[key] !== page[key]) return undefined;
  const pairs = pairBlocks(blocksOf(was.blocks), blocksOf(page.blocks));
  if (pairs === 'shape') {
    const blocks = skeleton(blocksOf(page.blocks), byId(blocksOf(was.blocks)));
    return blocks && [{ kind: 'page', pageId: String(page.id), blocks }];
  }
  const patches: PreviewPatch[] = [];
  for (const [a, b] of pairs) {
    if (a.props === b.props) continue;
    const changed = propChanges(b.type, a.props ?? {}, b.props ?? {});
    if (!changed) return undefined;
    if (!Object.keys(changed.changes).length && !changed.leaves.length) continue;
    patches.push({
      kind: 'props',
      blockId: b.id,
      changes: changed.changes,
      ...(changed.html.length ? { html: changed.html } : {}),
      ...(changed.leaves.length ? { leaves: changed.leaves } : {}),
    });
  }
  return patches;
}

// ------------------------------------------------------------------ the preview's side

type Site = Record<string, unknown>;
/** The server's HTML rules on the preview's own window (RichTextField/rules.ts). */
export type Sanitize = (html: string) => string;

function sanitized(
  props: Props | undefined,
  keys: string[] | undefined,
  sanitize: Sanitize,
): Props | undefined {
  if (!props || !keys?.length) return props;
  const out = { ...props };
  for (const key of keys) if (typeof out[key] === 'string') out[key] = sanitize(out[key] as string);
  return out;
}

/** A new block's props as the server would prepare them, as far as the preview needs: its top-level defaults filled in. */
function withDefaults(type: string, props: Props | undefined): Props {
  const schema = (
    blockSchemas as unknown as Record<
      string,
      { properties?: Record<string, { default?: unknown }> } | undefined
    >
  )[type];
  const out: Props = {};
  for (const [key, prop] of Object.entries(schema?.properties ?? {}))
    if (prop && 'default' in prop) out[key] = structuredClone(prop.default);
  return { ...out, ...props };
}

function rebuild(
  list: Skeleton[],
  shown: Map<string, PatchBlock>,
  sanitize: Sanitize,
): PatchBlock[] | undefined {
  return mapBlocks<Skeleton, PatchBlock>(list, (node, lists) => {
    const was = shown.get(node.id);
    if (!was && !node.added) return undefined;
    const block: PatchBlock = was
      ? { ...was }
      : {
          type: node.type,
          id: node.id,
          props: withDefaults(node.type, sanitized(node.props, node.html, sanitize)),
        };
    delete block.children;
    delete block.slots;
    if (lists.children) block.children = lists.children;
    if (lists.slots) block.slots = lists.slots;
    // Unchanged blocks stay the very objects shown, so the preview skips re-rendering them.
    return was && sameLists(was, block) ? was : block;
  });
}

/** Whether two versions of a block hold the very same lists (no look inside them). */
function sameLists(a: PatchBlock, b: PatchBlock): boolean {
  const same = (x: PatchBlock[] | undefined, y: PatchBlock[] | undefined) =>
    (x ?? []).length === (y ?? []).length && (x ?? []).every((v, i) => v === y![i]);
  if (!same(a.children, b.children)) return false;
  const names = new Set([...Object.keys(a.slots ?? {}), ...Object.keys(b.slots ?? {})]);
  return (
    [...names].every((n) => same(a.slots?.[n], b.slots?.[n])) &&
    !!a.children === !!b.children &&
    !!a.slots === !!b.slots
  );
}

/** Replaces one block's props in a list, copying only the path to it; the same list when it is not there. */
function withProps(list: PatchBlock[], id: string, change: (props: Props) => Props): PatchBlock[] {
  return mapBlocks<PatchBlock>(list, (b, lists) => {
    const props = b.id === id ? change(b.props ?? {}) : b.props;
    return props === b.props && lists.children === b.children && lists.slots === b.slots
      ? b
      : { ...b, ...lists, props };
  })!;
}

/**
 * The shown (prepared) site with a patch applied; undefined when it does not fit what is
 * shown (the check will come). `madeProps` hears each block's new props as they are made.
 */
export function applyPreviewPatch(
  site: Site,
  patch: PreviewPatch,
  sanitize: Sanitize,
  madeProps?: (blockId: string, props: Props) => void,
): Site | undefined {
  const pages = (site.pages ?? []) as Doc[];
  if (patch.kind === 'props') {
    const changes = sanitized(patch.changes, patch.html, sanitize)!;
    let fits = true;
    const change = (props: Props) => {
      const next = patch.leaves ? setLeaves(props, patch.leaves) : props;
      if (!next) fits = false;
      const made = { ...(next ?? props), ...changes };
      madeProps?.(patch.blockId, made);
      return made;
    };
    let found = false;
    const next = pages.map((p) => {
      const blocks = blocksOf(p.blocks);
      const changed = withProps(blocks, patch.blockId, change);
      if (changed === blocks) return p;
      found = true;
      return { ...p, blocks: changed };
    });
    const layout = site.layout as Record<string, PatchBlock[]> | undefined;
    if (!found && layout) {
      for (const [part, list] of Object.entries(layout)) {
        const changed = withProps(list, patch.blockId, change);
        if (changed !== list)
          return fits ? { ...site, layout: { ...layout, [part]: changed } } : undefined;
      }
    }
    return found && fits ? { ...site, pages: next } : undefined;
  }
  const at = pages.findIndex((p) => String(p.id) === patch.pageId);
  if (at < 0) return undefined;
  const blocks = rebuild(patch.blocks, byId(blocksOf(pages[at].blocks)), sanitize);
  if (!blocks) return undefined;
  const next = [...pages];
  next[at] = { ...pages[at], blocks };
  return { ...site, pages: next };
}
