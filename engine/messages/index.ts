/**
 * The site's words (docs/regions.md): one catalogue per locale, en-AU the reference and
 * en-NZ / en-US restating what differs. All three are small, so they ship together and the
 * site's is chosen by its region during rendering and hydration alike.
 */
import type { Region } from '../site/types.ts';
import { regionSettings } from '../region.ts';
import { enAU, type Catalogue, type MessageKey } from './en-AU.ts';
import { enNZ } from './en-NZ.ts';
import { enUS } from './en-US.ts';

export type { Catalogue, MessageKey } from './en-AU.ts';

export const CATALOGUES: Record<'en-AU' | 'en-NZ' | 'en-US', Catalogue> = {
  'en-AU': enAU,
  'en-NZ': { ...enAU, ...enNZ },
  'en-US': { ...enAU, ...enUS },
};

/** Attributes whose stored values are shown through a display map, by map. */
const DISPLAY_MAPS: Record<string, 'body' | 'fuel'> = { simple_body: 'body', body: 'body', simple_fuel: 'fuel', fuel: 'fuel' };

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
  for (const key of Object.keys(enAU) as MessageKey[]) if (cat[key] !== enAU[key]) map.set(enAU[key], cat[key]);
  return map;
}

const cache = new Map<Region, Messages>();

export function messagesFor(region: Region = 'AU'): Messages {
  let found = cache.get(region);
  if (found) return found;
  const cat = CATALOGUES[regionSettings(region).locale];
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
