/**
 * The parsed form of every way a request can filter: the `filters` string and the
 * facetFilters, numericFilters and tagFilters arrays all become this one tree, so there is a
 * single evaluator. Positions are 0-based offsets into the source string, for error messages.
 */
export type NumericOp = '<' | '<=' | '=' | '!=' | '>=' | '>';

export type FilterNode =
  | { kind: 'and'; children: FilterNode[] }
  | { kind: 'or'; children: FilterNode[] }
  | { kind: 'not'; child: FilterNode }
  /** attr:value — string, boolean and number facets alike (numbers compare as their string form). */
  | { kind: 'facet'; attribute: string; value: string; pos: number; stringEquality?: boolean }
  | { kind: 'numeric'; attribute: string; op: NumericOp; value: number; pos: number }
  | { kind: 'range'; attribute: string; lo: number; hi: number; pos: number };

export type FilterKind = 'facet' | 'numeric' | 'tag';

export const and = (children: FilterNode[]): FilterNode =>
  children.length === 1 ? children[0] : { kind: 'and', children };
export const or = (children: FilterNode[]): FilterNode =>
  children.length === 1 ? children[0] : { kind: 'or', children };

/** Which Algolia filter family a leaf belongs to (tags are facets on _tags). */
export function leafKind(node: FilterNode): FilterKind | undefined {
  if (node.kind === 'facet') return node.attribute === '_tags' ? 'tag' : 'facet';
  if (node.kind === 'numeric' || node.kind === 'range') return 'numeric';
  return undefined;
}
