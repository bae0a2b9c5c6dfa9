/**
 * Links checked in the browser as staff type (docs/editor-design.md, "Links checked as staff
 * type"): a block's link fields are checked against the site's routes (its pages and the
 * platform's) with the whole-site rules' own code, so a link to a page the site does not
 * have is marked at once, with no request. The server's check of the whole draft still
 * comes after a pause, and saving checks everything again; its answer stands for every link
 * that has not changed since the draft it checked.
 */
import type { WrittenLink } from '../../engine/site/links.ts';
import type { DocumentIssue, ResolvedSite } from '../../engine/site/types.ts';
import { linkIssues, siteCollections } from '../../engine/site/whole-site.ts';
import type { Model } from '../../schemas/types.gen.ts';
import { walkList } from '../../engine/tree.ts';
import {
  blockPropsCtx,
  isHrefSchema,
  schemaKeyword,
  walkWithSchema,
} from '../../engine/tree/schema-nav.ts';
import type { Doc } from './doc.ts';

interface PropLink {
  /** JSON Pointer under the block's props. */
  at: string;
  href: string;
  maxLength?: number;
  pattern?: string;
}

/** The link fields of each props object seen: an edit changes one block's props, the others stay the same objects. */
const linksOfProps = new WeakMap<object, PropLink[]>();

function propLinks(type: unknown, props: unknown): PropLink[] {
  if (!props || typeof props !== 'object') return [];
  let found = linksOfProps.get(props);
  if (found) return found;
  found = [];
  const ctx = blockPropsCtx(type);
  if (ctx)
    for (const { value, ctx: at, path } of walkWithSchema(props, ctx))
      if (typeof value === 'string' && isHrefSchema(at)) {
        const maxLength = schemaKeyword(at, 'maxLength');
        const pattern = schemaKeyword(at, 'pattern');
        found.push({
          at: path,
          href: value,
          ...(typeof maxLength === 'number' ? { maxLength } : {}),
          ...(typeof pattern === 'string' ? { pattern } : {}),
        });
      }
  linksOfProps.set(props, found);
  return found;
}

/** The link fields of one list of blocks, by JSON Pointer under it; kept per list, which an edit elsewhere leaves the same object. */
const linksOfList = new WeakMap<object, Map<string, PropLink>>();

function listLinks(list: unknown): Map<string, PropLink> {
  if (!Array.isArray(list)) return new Map();
  let found = linksOfList.get(list);
  if (found) return found;
  found = new Map();
  for (const { block, path } of walkList(list))
    for (const link of propLinks(block.type, block.props))
      found.set(`${path}/props${link.at}`, link);
  linksOfList.set(list, found);
  return found;
}

/** Every link field of the blocks of a (resolved) draft, by JSON Pointer. */
export function blockLinks(resolved: Doc | undefined): Map<string, PropLink> {
  const out = new Map<string, PropLink>();
  const lists: Array<[string, unknown]> = [
    ['/layout/header', resolved?.layout?.header],
    ['/layout/footer', resolved?.layout?.footer],
    ...((Array.isArray(resolved?.pages) ? resolved.pages : []) as Doc[]).map(
      (page, i): [string, unknown] => [`/pages/${i}/blocks`, page?.blocks],
    ),
  ];
  for (const [base, list] of lists)
    for (const [path, link] of listLinks(list)) out.set(base + path, link);
  return out;
}

const patterns = new Map<string, RegExp>();
const fits = (pattern: string, value: string) => {
  let re = patterns.get(pattern);
  if (!re) patterns.set(pattern, (re = new RegExp(pattern, 'u')));
  return re.test(value);
};

/** The site as the whole-site rules read it: lists a template or a new site may lack are empty. */
export function asSite(doc: Doc): ResolvedSite {
  return {
    ...doc,
    pages: doc.pages ?? [],
    locations: doc.locations ?? [],
    dealerships: doc.dealerships ?? [],
    offers: doc.offers ?? [],
    features: doc.features ?? {},
  } as unknown as ResolvedSite;
}

export interface LocalLinkCheck {
  /** The link fields checked here: the server's issues at these places are older than them. */
  owned: Set<string>;
  issues: DocumentIssue[];
}

/**
 * The link fields of `resolved` that differ from the draft the server last checked
 * (`checked`; none yet: every link), checked here: their schema rules (the link's pattern
 * and length, with the keyword, so the message is the field's own) and where they go.
 */
export function localLinkIssues(
  resolved: Doc,
  checked: Doc | undefined,
  models?: Model[],
): LocalLinkCheck {
  const before = checked ? blockLinks(checked) : new Map<string, PropLink>();
  const owned = new Set<string>();
  const issues: DocumentIssue[] = [];
  const toRoute: WrittenLink[] = [];
  for (const [path, link] of blockLinks(resolved)) {
    if (before.get(path)?.href === link.href) continue;
    owned.add(path);
    const { href, maxLength, pattern } = link;
    if (maxLength !== undefined && href.length > maxLength)
      issues.push({
        path,
        message: `must NOT have more than ${maxLength} characters`,
        keyword: 'maxLength',
        params: { limit: maxLength },
      });
    else if (pattern && !fits(pattern, href))
      issues.push({
        path,
        message: `must match pattern "${pattern}"`,
        keyword: 'pattern',
        params: { pattern },
      });
    else toRoute.push({ path, href, inText: false });
  }
  // Nothing to route (typing text beside links): the whole site's routes are not built.
  if (!toRoute.length) return { owned, issues };
  // With the site's model range (the catalogue's models of its makes, loaded once), links to
  // model pages are checked too; until it has come, those are the server's to check.
  const site = asSite(resolved);
  issues.push(...linkIssues(site, toRoute, siteCollections(site, models)));
  return { owned, issues };
}
