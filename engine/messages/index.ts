/**
 * The site's words (docs/regions.md): one catalogue per locale, en-AU the reference and
 * en-NZ / en-US restating what differs (locales.ts). The site's are chosen by its region
 * during rendering and hydration alike; in the browser only the site's own region's words
 * are present, brought by the page (regionalWords, addRegionalWords).
 */
import type { Region } from '../../schemas/types.gen.ts';
import { regionSettings } from '../region.ts';
import { enAU, type Catalogue, type MessageKey } from './en-AU.ts';
import { LOCALE_OVERRIDES } from './locales.ts';

export type { Catalogue, MessageKey } from './en-AU.ts';

/** Attributes whose stored values are shown through a display map, by map. */
const DISPLAY_MAPS: Record<string, 'body' | 'fuel'> = {
  simple_body: 'body',
  body: 'body',
  simple_fuel: 'fuel',
  fuel: 'fuel',
};

export interface Messages {
  /** The region's wording of a message. */
  m(key: MessageKey): string;
  /** A stored value (a facet value, a car's body or fuel) in the region's words; other attributes unchanged. */
  display(attribute: string, value: string): string;
  /**
   * A whole text that is an en-AU message ("Kilometres", "Ute", "Drive away") in the
   * region's wording; any other text unchanged. Lets text that reaches a block as en-AU
   * words (filter headings, facet values, chips) read right without knowing its key.
   */
  phrase(text: string): string;
}

/** en-AU wording → the locale's, for every message the locale words differently. */
export function phraseMap(cat: Catalogue): Map<string, string> {
  const map = new Map<string, string>();
  for (const key of Object.keys(enAU) as MessageKey[])
    if (cat[key] !== enAU[key]) map.set(enAU[key], cat[key]);
  return map;
}

// Keyed by the region asked for: none asked is the default region (regionSettings).
const cache = new Map<Region | undefined, Messages>();

/** The words of `region` that differ from en-AU: what the server puts in a page for the browser (engine/render/server.tsx). */
export function regionalWords(region?: Region): Partial<Catalogue> {
  const locale = regionSettings(region).locale;
  const words = LOCALE_OVERRIDES[locale];
  if (!words) throw new Error(`forecourt: the ${locale} words are not loaded`);
  return words;
}

/** Makes a region's words (regionalWords, from the page) available where the build left them out: the dealer runtime. */
export function addRegionalWords(region: Region, words: Partial<Catalogue>) {
  LOCALE_OVERRIDES[regionSettings(region).locale] = words;
  cache.delete(region);
}

/** Takes a region's words away again (a region added for a while, engine/messages/register-region.ts). */
export function removeRegionalWords(region: Region) {
  delete LOCALE_OVERRIDES[regionSettings(region).locale];
  cache.delete(region);
}

export function messagesFor(region?: Region): Messages {
  let found = cache.get(region);
  if (found) return found;
  const cat: Catalogue = { ...enAU, ...regionalWords(region) };
  const petrol = cat['fuel.Petrol'];
  const phrases = phraseMap(cat);
  found = {
    phrase: (text) => phrases.get(text) ?? text,
    m: (key) => cat[key],
    display(attribute, value) {
      const map = DISPLAY_MAPS[attribute];
      if (!map || typeof value !== 'string') return value;
      const exact = (cat as Record<string, string>)[`${map}.${value}`];
      if (exact !== undefined) return exact;
      // A fuel the map does not list ("Hybrid (Petrol)") still reads the region's word for petrol.
      return map === 'fuel' ? value.replace(/\bPetrol\b/g, petrol) : value;
    },
  };
  cache.set(region, found);
  return found;
}
