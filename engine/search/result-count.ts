/**
 * The count rule (docs/search-ui.md, "Results, states, count"; engine/search/README.md, "Site
 * base filters"): a result count above 1999 is not shown as such but replaced by the
 * site's stock count (when nothing is refined) or by the sum of a facet's counts (when the
 * facet splits the hits, such as car_type). Hosted indexes may report capped or approximate
 * counts at that size; the embedded engine's are exact, and the rule changes nothing then.
 */
export const COUNT_LIMIT = 1999;

export interface CountSources {
  /** True when the visitor has narrowed the search (query or any refinement). */
  refined?: boolean;
  /** The site's whole stock count. */
  stockCount?: number;
  /** Counts of one facet whose values partition the hits (e.g. facets.car_type). */
  facetCounts?: Record<string, number>;
}

export function displayCount(count: number, sources: CountSources = {}): number {
  if (!(count > COUNT_LIMIT)) return count;
  if (!sources.refined && typeof sources.stockCount === 'number' && sources.stockCount > 0)
    return sources.stockCount;
  if (sources.facetCounts) {
    let sum = 0;
    for (const n of Object.values(sources.facetCounts)) sum += n;
    if (sum > 0) return sum;
  }
  return count;
}
