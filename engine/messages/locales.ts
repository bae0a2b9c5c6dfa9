/**
 * Every locale's words (docs/regions.md): en-AU the reference, en-NZ and en-US restating
 * what differs. The server, the editor and the tests read them all. The dealer runtime's
 * build puts locales.runtime.ts in this module's place (vite.config.ts): a page carries only
 * its own region's words, which the server puts in the page (engine/render/server.tsx).
 */
import { enAU, type Catalogue } from './en-AU.ts';
import { enNZ } from './en-NZ.ts';
import { enUS } from './en-US.ts';

/** Each locale's words that differ from en-AU, by the locale a region names (engine/region/table.ts). */
export const LOCALE_OVERRIDES: Partial<Record<string, Partial<Catalogue>>> = {
  'en-AU': {},
  'en-NZ': enNZ,
  'en-US': enUS,
};

/** Each locale's whole catalogue. */
export const CATALOGUES: Record<'en-AU' | 'en-NZ' | 'en-US', Catalogue> = {
  'en-AU': enAU,
  'en-NZ': { ...enAU, ...enNZ },
  'en-US': { ...enAU, ...enUS },
};
