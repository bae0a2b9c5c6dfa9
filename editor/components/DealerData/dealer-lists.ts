/**
 * The dealer's data lists edited in the Settings tab (locations, offers; docs/editor-design.md,
 * "Dealer data"): what a new entry starts with (everything the site already tells), and what
 * staff still have to fill, said once as one list rather than one error per empty field.
 */
import { plainName, type Doc } from '../../lib/doc.ts';
import type { JsonSchema } from '../../lib/schemas.ts';

type Entry = Record<string, unknown>;

interface DealerList {
  /** "location", "offer": the entry's noun in the list of what to fill. */
  noun: string;
  /** What a new entry starts with, from the site (`list` is the list before it). */
  start: (site: Doc, list: Entry[]) => Entry;
  /** The web name field that follows the name of an entry added in this form, until staff change it. */
  webName?: string;
}

const nextId = (list: Entry[]) =>
  Math.max(0, ...list.map((e) => (typeof e.id === 'number' ? e.id : 0))) + 1;

export const DEALER_LISTS: Record<string, DealerList> = {
  locations: {
    noun: 'location',
    webName: 'slug',
    start: (site, list) => {
      const dealership = (site.dealerships as Entry[] | undefined)?.[0];
      return {
        id: nextId(list),
        location_type: 'sales',
        ...(dealership
          ? { dealership_slug: dealership.slug, dealership_id: dealership.id }
          : undefined),
        ...(list.length ? undefined : { primary: true }),
      };
    },
  },
  offers: { noun: 'offer', start: (_site, list) => ({ id: nextId(list) }) },
};

/**
 * The list with each entry staff just added (one without an id: every stored entry has
 * one) given its starting values; the same list when there is none.
 */
export function withStartingValues(key: string, list: unknown, site: Doc): unknown {
  const kind = DEALER_LISTS[key];
  if (!kind || !Array.isArray(list)) return list;
  let changed = false;
  const out: Entry[] = [];
  for (const entry of list as Entry[]) {
    if (entry && typeof entry === 'object' && entry.id === undefined) {
      changed = true;
      const start = kind.start(site, out);
      out.push({ ...start, ...entry, id: start.id });
    } else out.push(entry);
  }
  return changed ? out : list;
}

/**
 * The list with the web name of each entry added since the form opened (`added`: their
 * ids) following its name, as the new-site form's site name does, while it still is the
 * name's (or empty). A stored entry's web name never moves: its address is linked to.
 */
export function withFollowingNames(
  key: string,
  list: unknown,
  before: unknown,
  added: ReadonlySet<unknown>,
): unknown {
  const field = DEALER_LISTS[key]?.webName;
  if (!field || !Array.isArray(list)) return list;
  const prev = new Map(
    (Array.isArray(before) ? (before as Entry[]) : []).map((e) => [e?.id, e] as const),
  );
  let changed = false;
  const out = (list as Entry[]).map((e) => {
    if (!e || typeof e !== 'object' || !added.has(e.id) || typeof e.name !== 'string') return e;
    const p = prev.get(e.id);
    const followed = typeof p?.name === 'string' ? plainName(p.name) : '';
    if ((p?.[field] ?? '') !== followed && p?.[field] !== undefined) return e;
    const next = plainName(e.name);
    if (e[field] === next) return e;
    changed = true;
    return { ...e, [field]: next || undefined };
  });
  return changed ? out : list;
}

export interface ToFill {
  key: string;
  index: number;
  /** "Location 3", or the entry's name once it has one. */
  entry: string;
  /** The titles of the required fields still empty, in the schema's order. */
  fields: string[];
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** The required fields (one level of groups deep) still empty in each entry of a list. */
export function toFill(key: string, list: unknown, itemSchema: JsonSchema | undefined): ToFill[] {
  const kind = DEALER_LISTS[key];
  if (!kind || !Array.isArray(list) || !itemSchema) return [];
  const props = (itemSchema.properties ?? {}) as Record<string, JsonSchema>;
  const title = (k: string, s: JsonSchema | undefined) => (s?.title as string | undefined) ?? k;
  return (list as Entry[]).flatMap((entry, index) => {
    const fields: string[] = [];
    for (const k of (itemSchema.required ?? []) as string[]) {
      const sub = props[k];
      const value = entry?.[k];
      if (sub?.type === 'object' && value && typeof value === 'object') {
        const inner = (sub.properties ?? {}) as Record<string, JsonSchema>;
        for (const r of (sub.required ?? []) as string[])
          if (empty((value as Entry)[r])) fields.push(`${title(k, sub)}: ${title(r, inner[r])}`);
      } else if (empty(value)) fields.push(title(k, sub));
    }
    if (!fields.length) return [];
    const named = typeof entry?.name === 'string' && entry.name ? entry.name : undefined;
    const noun = kind.noun[0].toUpperCase() + kind.noun.slice(1);
    return [{ key, index, entry: named ?? `${noun} ${index + 1}`, fields }];
  });
}
