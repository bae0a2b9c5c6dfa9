/**
 * Types of a site after the engine has resolved its template, filled its defaults and
 * sanitised it. Every shape here is derived from the generated schema types; nothing
 * restates a schema by hand.
 */
import type {
  Block,
  Features,
  Location,
  Page,
  Region,
  SiteDocument,
} from '../../schemas/types.gen.ts';

export type { Block, Features, Location, Page, Region, SiteDocument };

type Filled<T> = Required<NonNullable<T>>;

/**
 * A site document as the renderer sees it: template merged, defaults applied, HTML
 * sanitised. `withoutPages` has been applied (those pages are simply absent) and dropped.
 */
export type ResolvedSite = Omit<
  SiteDocument,
  | 'region'
  | 'features'
  | 'search'
  | 'api'
  | 'theme'
  | 'layout'
  | 'dealerships'
  | 'locations'
  | 'offers'
  | 'withoutPages'
> & {
  region: Region;
  features: Required<Features>;
  search: Filled<SiteDocument['search']>;
  api: Filled<SiteDocument['api']>;
  theme: Omit<Filled<SiteDocument['theme']>, 'colours' | 'logo'> & {
    colours: Filled<NonNullable<SiteDocument['theme']>['colours']>;
    logo?: NonNullable<SiteDocument['theme']>['logo'];
  };
  layout: Filled<SiteDocument['layout']>;
  dealerships: NonNullable<SiteDocument['dealerships']>;
  locations: Location[];
  offers: NonNullable<SiteDocument['offers']>;
};

// The validator reports issues too, and sits below site/ (eslint.config.js, ENGINE_LAYERS).
export type { DocumentIssue } from '../schema/document-issue.ts';
