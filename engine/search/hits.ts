/**
 * How a matching record becomes a hit: the attributes it retrieves (objectID always) and
 * the highlights of the query's words.
 */
import pick from 'lodash-es/pick.js';
import { highlightValue, type HighlightValue } from './highlight.ts';
import type { SearchParams } from './params.ts';
import type { IndexSettings } from './search-index.ts';
import type { QueryTerm } from './text-index.ts';
import type { Hit } from './engine-types.ts';

/** attributesToRetrieve: all by default ("*"), a list, or "*" with "-attribute" exclusions. objectID always. */
export function project(
  record: Record<string, unknown>,
  objectID: string,
  attributes: string[] | undefined,
): Hit {
  let out: Record<string, unknown>;
  if (!attributes || attributes.includes('*')) {
    const excluded = (attributes ?? []).filter((a) => a.startsWith('-')).map((a) => a.slice(1));
    out = { ...record };
    for (const a of excluded) delete out[a];
  } else
    out = pick(
      record,
      attributes.filter((a) => !a.startsWith('-')),
    );
  out.objectID = objectID;
  return out as Hit;
}

export function highlightAttributes(settings: IndexSettings, params: SearchParams): string[] {
  const asked =
    params.attributesToHighlight ?? settings.attributesToHighlight ?? settings.searchableAttributes;
  return asked.includes('*') ? settings.searchableAttributes : asked;
}

export function highlights(
  record: Record<string, unknown>,
  attributes: string[],
  terms: QueryTerm[],
  params: SearchParams,
) {
  const out: Record<string, HighlightValue> = {};
  for (const a of attributes) {
    const h = highlightValue(record[a], terms, params.highlightPreTag, params.highlightPostTag);
    if (h) out[a] = h;
  }
  return out;
}
