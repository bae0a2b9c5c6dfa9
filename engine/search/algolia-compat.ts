/**
 * Whether a filter would also run on Algolia, whose `filters` are narrower than what the
 * embedded engine accepts: a conjunction of single filters, negated single filters and OR
 * groups; no AND inside an OR; NOT only on a single filter; the filters of one OR group all
 * of one type (facet, numeric or tag); facets compared with ":" not "=". The site filters the
 * product generates are checked with this in tests, so switching a site to Algolia needs no
 * code change.
 */
import { leafKind, type FilterNode } from './filter-ast.ts';
import { parseFilters } from './filter-parser.ts';

function leafProblems(node: FilterNode): string[] {
  if (node.kind === 'facet' && node.stringEquality)
    return [`${node.attribute}=${node.value}: Algolia compares strings with ":" only`];
  return [];
}

function simple(node: FilterNode): { ok: boolean; problems: string[]; kind?: string } {
  if (node.kind === 'not') {
    if (node.child.kind === 'and' || node.child.kind === 'or' || node.child.kind === 'not') {
      return { ok: false, problems: ['NOT applies only to a single filter on Algolia'] };
    }
    return { ok: true, problems: leafProblems(node.child), kind: leafKind(node.child) };
  }
  if (node.kind === 'and' || node.kind === 'or') return { ok: false, problems: [] };
  return { ok: true, problems: leafProblems(node), kind: leafKind(node) };
}

export function algoliaProblems(filter: string | FilterNode | undefined): string[] {
  const tree = typeof filter === 'string' ? parseFilters(filter) : filter;
  if (!tree) return [];
  const terms = tree.kind === 'and' ? tree.children : [tree];
  const problems: string[] = [];
  for (const term of terms) {
    if (term.kind === 'or') {
      const kinds = new Set<string | undefined>();
      for (const child of term.children) {
        const s = simple(child);
        if (!s.ok)
          problems.push(
            child.kind === 'and'
              ? 'AND inside OR is not supported by Algolia'
              : 'only single filters may be ORed on Algolia',
            ...s.problems,
          );
        else problems.push(...s.problems);
        kinds.add(s.kind);
      }
      if (kinds.size > 1) problems.push('Different types are not allowed in the same OR');
      continue;
    }
    const s = simple(term);
    if (!s.ok) problems.push('nested groups are not supported by Algolia');
    problems.push(...s.problems);
  }
  return [...new Set(problems)];
}
