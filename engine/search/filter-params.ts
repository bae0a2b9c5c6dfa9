/**
 * facetFilters, numericFilters and tagFilters (the array forms InstantSearch sends) turned into
 * the same tree as `filters`. An outer array is AND, a nested array is OR; a string alone is
 * one filter. facetFilters values may be negated with a leading "-" ("\-" for a literal one).
 */
import { SearchError } from './errors.ts';
import { and, or, type FilterNode } from './filter-ast.ts';
import { parseFilters } from './filter-parser.ts';

export type FilterList = string | (string | string[])[];

function group(
  list: FilterList | undefined,
  name: string,
  leaf: (text: string) => FilterNode,
): FilterNode | undefined {
  if (list === undefined || list === null) return undefined;
  const items = typeof list === 'string' ? [list] : list;
  if (!Array.isArray(items))
    throw new SearchError(`${name} must be a string or an array of strings and arrays`, 400);
  const parts: FilterNode[] = [];
  for (const item of items) {
    if (Array.isArray(item)) {
      if (!item.length) continue;
      parts.push(or(item.map((s) => leaf(asString(s, name)))));
    } else parts.push(leaf(asString(item, name)));
  }
  return parts.length ? and(parts) : undefined;
}

function asString(value: unknown, name: string): string {
  if (typeof value !== 'string')
    throw new SearchError(`${name} entries must be strings, found ${JSON.stringify(value)}`, 400);
  return value;
}

export function facetFilterLeaf(text: string): FilterNode {
  const colon = text.indexOf(':');
  if (colon <= 0)
    throw new SearchError(`facetFilters: "${text}" is not of the form attribute:value`, 400);
  let attribute = text.slice(0, colon).trim();
  if (attribute.startsWith('"') && attribute.endsWith('"') && attribute.length >= 2)
    attribute = attribute.slice(1, -1);
  let value = text.slice(colon + 1);
  let negate = false;
  if (value.startsWith('-')) {
    negate = true;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) value = value.slice(1);
  const leaf: FilterNode = { kind: 'facet', attribute, value, pos: 0 };
  return negate ? { kind: 'not', child: leaf } : leaf;
}

export function numericFilterLeaf(text: string): FilterNode {
  let node: FilterNode | undefined;
  try {
    node = parseFilters(text);
  } catch (err) {
    throw new SearchError(
      `numericFilters: "${text}" is not a numeric filter (${(err as Error).message})`,
      400,
    );
  }
  if (!node || (node.kind !== 'numeric' && node.kind !== 'range')) {
    throw new SearchError(
      `numericFilters: "${text}" is not a numeric filter such as price>=1000 or price:1000 TO 5000`,
      400,
    );
  }
  return node;
}

export function tagFilterLeaf(text: string): FilterNode {
  if (text.startsWith('-'))
    return {
      kind: 'not',
      child: { kind: 'facet', attribute: '_tags', value: text.slice(1), pos: 0 },
    };
  return {
    kind: 'facet',
    attribute: '_tags',
    value: text.startsWith('\\-') ? text.slice(1) : text,
    pos: 0,
  };
}

export const facetFiltersToTree = (list: FilterList | undefined) =>
  group(list, 'facetFilters', facetFilterLeaf);
export const numericFiltersToTree = (list: FilterList | undefined) =>
  group(list, 'numericFilters', numericFilterLeaf);
export const tagFiltersToTree = (list: FilterList | undefined) =>
  group(list, 'tagFilters', tagFilterLeaf);
