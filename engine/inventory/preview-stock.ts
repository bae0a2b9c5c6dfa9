/**
 * Sample stock for the preview of a site that is not published yet (docs/editor-design.md,
 * "A new site's stock"): the provider's cars for its dealerships that the server does not
 * serve, kept apart from the stock it serves (live-stock.ts). No published page, feed, car
 * lookup, directory or search reaches them; only a search carrying the draft's signed key
 * (engine/search/draft-keys.ts) runs on the engine made here. Once the site is published its
 * dealerships get their stock like any site added while the server runs.
 */
import isEqual from 'lodash-es/isEqual.js';
import type { Car, Catalogue } from '../../schemas/types.gen.ts';
import type { StockSource } from '../providers.ts';
import { createCarSearchEngine } from '../search/car-index.ts';
import type { SearchEngine } from '../search/engine.ts';
import type { ResolvedSite } from '../site/types.ts';

interface Preview {
  dealerships: string[];
  cars: Car[];
  engine?: SearchEngine;
}

export class PreviewStock {
  private readonly bySite = new Map<string, Preview>();

  constructor(
    private readonly options: {
      stock: StockSource;
      catalogue: Catalogue;
      /** The cars the server serves (a dealership that has some keeps them in the preview). */
      served: () => readonly Car[];
    },
  ) {}

  /** A site drafted in the editor, not published: its preview's cars (asked again only when its dealerships change). */
  add(site: ResolvedSite) {
    const dealerships = site.dealerships.map((d) => d.slug);
    if (isEqual(this.bySite.get(site.slug)?.dealerships, dealerships)) return;
    const wanted = new Set(dealerships);
    const served = this.options.served().filter((c) => wanted.has(c.dealership_slug));
    const fresh = new Set(dealerships.filter((d) => !served.some((c) => c.dealership_slug === d)));
    const sample = fresh.size
      ? this.options
          .stock({ catalogue: this.options.catalogue, sites: [site], added: true })
          .filter((c) => fresh.has(c.dealership_slug))
      : [];
    this.bySite.set(site.slug, { dealerships, cars: [...served, ...sample] });
  }

  /** The engine a draft's preview searches (undefined: the site has no preview stock). */
  engine(slug: string): SearchEngine | undefined {
    const preview = this.bySite.get(slug);
    if (!preview) return undefined;
    preview.engine ??= createCarSearchEngine(preview.cars, { warm: false });
    return preview.engine;
  }

  /** A preview car by id (its photos in the preview). */
  getCar(id: string): Car | undefined {
    for (const { cars } of this.bySite.values()) {
      const car = cars.find((c) => String(c.id) === id);
      if (car) return car;
    }
    return undefined;
  }

  /** The site is published (its stock is served now) or gone. */
  remove(slug: string) {
    this.bySite.delete(slug);
  }
}
