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

/** A problem found in a document: a JSON pointer into it and a sentence about what is wrong. */
export interface DocumentIssue {
  path: string;
  message: string;
  /**
   * With `ruleDetail` (the editor's check): the JSON Schema keyword that failed and ajv's
   * parameters for it (`maximum`, `{ limit: 5 }`), so the editor can say it in staff words
   * (editor/lib/messages.ts, docs/editor-design.md, "Forms").
   */
  keyword?: string;
  params?: Record<string, unknown>;
}
