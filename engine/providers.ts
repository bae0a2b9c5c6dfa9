/**
 * What the platform is given rather than owns (dependency injection): the stock it searches
 * and shows, the car photos it serves, the reviews a site starts with, the API's adapters
 * (postcode lookup, rego registry, valuer, captcha) and the findings of car history reports.
 * The composition root (server.ts) passes the demo's (demo/defaults.ts); a dealer deployment
 * passes its own feeds and providers. Nothing in engine/ imports demo/.
 */
import type { RequestHandler } from 'express';
import type { Car, Catalogue } from '../schemas/types.gen.ts';
import type { AdapterSource } from './api/adapters/index.ts';
import type { HistoryReportSource } from './api/history-pdf.ts';
import type { ReviewSeeder } from './api/store/reviews.ts';
import type { ResolvedSite } from './site/types.ts';

export interface StockInput {
  /** The shared catalogue (makes and models). */
  catalogue: Catalogue;
  /** The sites valid at start-up, in folder order (a site fixed later gets its stock at the next start). */
  sites: ResolvedSite[];
  /**
   * Only the cars of these dealerships are wanted (absent: all of them). The server asks for
   * a site's dealerships when the site is first asked for; a provider may return more, but
   * the cars it returns for a dealership must be the same whichever others are asked with it.
   */
  dealerships?: ReadonlySet<string>;
  /**
   * These sites were added while the server runs (`sites` holds only them): the cars already
   * served keep their ids, so a car of theirs must not take one (a car whose id is taken is
   * not served). A provider whose ids are the feed's own can ignore it.
   */
  added?: boolean;
}

/** The cars of the sites: every car the search engine, car pages, feeds and API know. */
export type StockSource = (input: StockInput) => Car[];

/** Serves the photos the stock's image URLs name; mounted at /assets (e.g. /assets/cars/{id}/{n}.svg). */
export type CarPhotoSource = (getCar: (id: string) => Car | undefined) => RequestHandler;

export interface Providers {
  /** The stock (required: a platform with no stock passes `() => []`). */
  stock: StockSource;
  /** The car photos; without it /assets/cars/… answers 404 (the stock's images are elsewhere). */
  photos?: CarPhotoSource;
  /** The reviews a site starts with; without it a site starts with none. */
  seedReviews?: ReviewSeeder;
  /** The API's adapters; without them no postcode is found and no plate is registered. */
  adapters?: AdapterSource;
  /** The findings of car history reports; without it no car has a report. */
  historyReport?: HistoryReportSource;
}

export type { AdapterSource, HistoryReportSource, ReviewSeeder };
