/**
 * The car index's settings in Algolia's words, both ways (docs/search-sync.md): the sync
 * sends `algoliaSettings` / `replicaSettings` with the official client, and the embedded
 * engine reads what a client sends (`fromAlgoliaSettings`, `replicaSort`), so one set of
 * settings (car-index.ts) describes the index on both engines.
 */
import type { IndexSettings as AlgoliaSettings } from 'algoliasearch';
import type { IndexSettings, SortSpec } from './search-index.ts';
import { CAR_VALUE_FACETS } from '../../schemas/car-attributes.gen.ts';

export type { AlgoliaSettings };

/** Algolia's ranking criteria after a replica's sort (a standard replica: the sort decides first). */
export const DEFAULT_RANKING = [
  'typo',
  'geo',
  'words',
  'filters',
  'proximity',
  'attribute',
  'exact',
  'custom',
];

/** Facets that hold numbers or booleans: filtered and counted, never searched for values (the car schema's types). */
const NOT_SEARCHABLE_FACETS: ReadonlySet<string> = new Set(CAR_VALUE_FACETS);

/**
 * Filtered but never counted: the car page and the lists look cars up by slug
 * (docs/cars.md, "Choices we made"); numbers are filterable on Algolia without a word.
 */
const FILTER_ONLY = ['slug'];

const sortToAlgolia = (s: SortSpec) => `${s.order}(${s.attribute})`;

function sortFromAlgolia(entry: string): SortSpec | undefined {
  const m = /^(asc|desc)\((.+)\)$/.exec(entry.trim());
  return m ? { order: m[1] as SortSpec['order'], attribute: m[2] } : undefined;
}

/** A primary index's settings as Algolia takes them, naming its replicas. */
export function algoliaSettings(settings: IndexSettings, replicas: string[]): AlgoliaSettings {
  return {
    searchableAttributes: settings.searchableAttributes,
    disableTypoToleranceOnAttributes: settings.exactOnlyAttributes ?? [],
    attributesForFaceting: [
      ...settings.attributesForFaceting.map((a) =>
        NOT_SEARCHABLE_FACETS.has(a) ? a : `searchable(${a})`,
      ),
      ...FILTER_ONLY.filter((a) => !settings.attributesForFaceting.includes(a)).map(
        (a) => `filterOnly(${a})`,
      ),
    ],
    customRanking: settings.customRanking.map(sortToAlgolia),
    attributesToHighlight: settings.attributesToHighlight ?? settings.searchableAttributes,
    paginationLimitedTo: settings.paginationLimitedTo ?? 1000,
    replicas,
  };
}

/** A sort replica's own settings: its sort first, then Algolia's criteria, then the custom ranking. */
export function replicaSettings(sort: SortSpec[]): AlgoliaSettings {
  return { ranking: [...sort.map(sortToAlgolia), ...DEFAULT_RANKING] };
}

/** The sort a replica's ranking puts before relevance (its asc()/desc() entries before the first criterion). */
export function replicaSort(ranking: readonly string[] | undefined): SortSpec[] {
  const out: SortSpec[] = [];
  for (const entry of ranking ?? []) {
    const s = sortFromAlgolia(entry);
    if (!s) break;
    out.push(s);
  }
  return out;
}

/** `searchable(make)`, `filterOnly(slug)`, `afterDistinct(x)` → the attribute. */
const bareAttribute = (a: string) =>
  a.replace(/^(?:searchable|filterOnly|afterDistinct)\((.+)\)$/, '$1');

/**
 * What the embedded engine makes of settings a client sent: facets without their modifiers
 * (filter-only ones are filterable anyway and not counted), typo-free attributes as exact-only.
 * Settings not sent keep `base` (Algolia's setSettings changes only what it names).
 */
export function fromAlgoliaSettings(s: AlgoliaSettings, base: IndexSettings): IndexSettings {
  const facets = s.attributesForFaceting
    ?.filter((a) => !a.startsWith('filterOnly('))
    .map(bareAttribute);
  const searchable = s.searchableAttributes?.map((a) => a.replace(/^unordered\((.+)\)$/, '$1'));
  return {
    ...base,
    ...(searchable ? { searchableAttributes: searchable } : {}),
    ...(s.disableTypoToleranceOnAttributes
      ? { exactOnlyAttributes: s.disableTypoToleranceOnAttributes }
      : {}),
    ...(facets ? { attributesForFaceting: facets } : {}),
    ...(s.customRanking
      ? {
          customRanking: s.customRanking
            .map(sortFromAlgolia)
            .filter((x): x is SortSpec => Boolean(x)),
        }
      : {}),
    ...(s.attributesToHighlight ? { attributesToHighlight: s.attributesToHighlight } : {}),
    ...(s.paginationLimitedTo ? { paginationLimitedTo: s.paginationLimitedTo } : {}),
  };
}

/** The embedded engine's settings as Algolia's GET settings answers them. */
export function toAlgoliaSettings(settings: IndexSettings): AlgoliaSettings {
  return algoliaSettings(settings, Object.keys(settings.replicas ?? {}));
}

/**
 * A record as it goes to an index: with the attributes the embedded engine computes from the
 * record itself (`has_price` for the price replicas), which Algolia needs in the record.
 */
export function indexRecord(
  record: Record<string, unknown>,
  settings: IndexSettings,
): Record<string, unknown> {
  const computed = Object.entries(settings.computedAttributes ?? {}).map(([name, fn]) => [
    name,
    fn(record),
  ]);
  return computed.length ? { ...record, ...Object.fromEntries(computed) } : record;
}
