/**
 * Search history: the visitor's last 5 searches, newest first, kept in localStorage per
 * site. A search is remembered by its URL (inside the site) and a short description.
 */

export const HISTORY_SIZE = 5;

export interface HistoryEntry {
  /** Inner URL of the search, e.g. /search/ford?range[price]=:50000 */
  url: string;
  /** What the visitor searched for, e.g. "Ford · up to $50,000". */
  label: string;
  /** When, in ms since the epoch. */
  at: number;
}

/** Adds a search to the front; the same URL is not kept twice; at most `size` entries. */
export function addToHistory(
  list: readonly HistoryEntry[],
  entry: HistoryEntry,
  size = HISTORY_SIZE,
): HistoryEntry[] {
  return [entry, ...list.filter((e) => e.url !== entry.url)].slice(0, size);
}

export const historyKey = (siteSlug: string) => `fc-search-history:${siteSlug}`;

function isEntry(value: unknown): value is HistoryEntry {
  const e = value as HistoryEntry;
  return (
    !!e &&
    typeof e.url === 'string' &&
    e.url.startsWith('/') &&
    typeof e.label === 'string' &&
    typeof e.at === 'number'
  );
}

/** Reads the stored history; anything unreadable counts as empty. */
export function readHistory(
  storage: Pick<Storage, 'getItem'> | undefined,
  siteSlug: string,
): HistoryEntry[] {
  try {
    const raw = storage?.getItem(historyKey(siteSlug));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, HISTORY_SIZE) : [];
  } catch {
    return [];
  }
}

/** Remembers a search and returns the new list (storage errors, e.g. private mode, are ignored). */
export function rememberSearch(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  siteSlug: string,
  entry: HistoryEntry,
): HistoryEntry[] {
  const next = addToHistory(readHistory(storage, siteSlug), entry);
  try {
    storage?.setItem(historyKey(siteSlug), JSON.stringify(next));
  } catch {
    /* storage full or unavailable: history is a convenience */
  }
  return next;
}

export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export interface DescribeOptions {
  money: (n: number) => string;
  number: (n: number) => string;
  carType: (value: string) => string;
  /** The site's odometer unit ("km", "mi": docs/regions.md). */
  distanceUnit: string;
  /** A stored facet value in the region's words ("Ute" → "Pickup Truck" in the US). */
  display: (attribute: string, value: string) => string;
}

/** A short description of a search for the history list: “ranger” · Used · Ford Ranger · up to $50,000. */
export function describeSearch(
  state: {
    query?: string;
    refinementList?: Record<string, string[]>;
    range?: Record<string, string>;
  },
  fmt: DescribeOptions,
): string {
  const parts: string[] = [];
  if (state.query) parts.push(`“${state.query}”`);
  const lists = state.refinementList ?? {};
  if (lists.car_type?.length) parts.push(lists.car_type.map(fmt.carType).join(' & '));
  const makes = lists.make ?? [];
  const models = lists.model ?? [];
  if (makes.length === 1 && models.length) parts.push(`${makes[0]} ${models.join(', ')}`);
  else if (makes.length) parts.push(makes.join(', '));
  else if (models.length) parts.push(models.join(', '));
  for (const [attr, values] of Object.entries(lists)) {
    if (['car_type', 'make', 'model'].includes(attr) || !values.length) continue;
    const shown = values.map((v) => fmt.display(attr, v));
    parts.push(
      shown.length > 2 ? `${shown.slice(0, 2).join(', ')} +${shown.length - 2}` : shown.join(', '),
    );
  }
  for (const [attr, value] of Object.entries(state.range ?? {})) {
    const [lo, hi] = value.split(':').map((s) => (s === '' ? undefined : Number(s)));
    const f = (n: number) =>
      attr === 'price' || attr.endsWith('_price')
        ? fmt.money(n)
        : attr === 'year'
          ? String(n)
          : fmt.number(n);
    const unit =
      attr === 'km'
        ? ` ${fmt.distanceUnit}`
        : attr === 'subscription_price' || attr === 'weekly_price'
          ? '/wk'
          : '';
    if (lo !== undefined && hi !== undefined) parts.push(`${f(lo)}–${f(hi)}${unit}`);
    else if (hi !== undefined) parts.push(`up to ${f(hi)}${unit}`);
    else if (lo !== undefined) parts.push(`from ${f(lo)}${unit}`);
  }
  return parts.length ? parts.join(' · ') : 'All stock';
}
