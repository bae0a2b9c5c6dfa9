/**
 * One search engine per site, over its dealerships' cars (docs/deploy.md, "Memory and
 * start-up"): built when the site is first searched, so a server answers a site's first page
 * without indexing every other site's stock, and rebuilt after a reload only when it holds a
 * dealership whose cars changed.
 */
import isEqual from 'lodash-es/isEqual.js';
import uniq from 'lodash-es/uniq.js';
import type { Car } from '../../schemas/types.gen.ts';
import { CAR_INDEX, CAR_INDEX_SETTINGS, createCarSearchEngine } from '../search/car-index.ts';
import type { SearchEngine } from '../search/engine.ts';

interface SiteEngine {
  /** The site's dealerships when it was built: another list builds it again. */
  dealerships: string[];
  engine: SearchEngine;
}

export class SiteEngines {
  private readonly bySite = new Map<string, SiteEngine>();

  /** `carsOf` gives the cars of some dealerships, making them first if need be. */
  constructor(private readonly carsOf: (dealerships: readonly string[]) => Car[]) {}

  for(site: string, dealerships: readonly string[]): SearchEngine {
    const slugs = uniq(dealerships);
    const kept = this.bySite.get(site);
    if (kept && isEqual(kept.dealerships, slugs)) return kept.engine;
    const engine = createCarSearchEngine(this.carsOf(slugs), { warm: false });
    this.bySite.set(site, { dealerships: slugs, engine });
    return engine;
  }

  /** Lets go of a site's engine (its file is gone); its cars stay, as other sites may show them. */
  drop(site: string) {
    this.bySite.delete(site);
  }

  built(): SearchEngine[] {
    return [...this.bySite.values()].map((e) => e.engine);
  }

  /** Indexes again, in place (callers keep their engine), the engines holding any of these dealerships. */
  rebuild(changed: ReadonlySet<string>) {
    for (const kept of this.bySite.values()) {
      if (!kept.dealerships.some((d) => changed.has(d))) continue;
      kept.engine.addIndex(
        CAR_INDEX,
        this.carsOf(kept.dealerships) as unknown as Record<string, unknown>[],
        CAR_INDEX_SETTINGS,
      );
      kept.engine.warm();
    }
  }
}
