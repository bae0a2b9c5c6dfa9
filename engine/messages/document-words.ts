/**
 * Words only the server writes into documents (the history report's PDF, the demo's
 * generated pages), never shown by a block in the browser: a second catalogue beside the
 * one every dealer page ships (docs/regions.md, "The country, its money and laws"). Each
 * locale states every key; a region added in memory brings its own (register-region.ts).
 */
import type { Region } from '../../schemas/types.gen.ts';
import { regionSettings } from '../region.ts';

const enAU = {
  /** The country in running text ("honoured at any authorised dealer in …"). */
  'country.name': 'Australia',
  'country.freight': 'anywhere in Australia',
  'country.nationwide': 'Australia-wide',
  'currency.name': 'Australian dollars',
  /** A price with everything included, as dealer text calls it ("Ranger driveaway from $38,990"). */
  'price.driveAwayDeal': 'driveaway',
  'price.driveAwayIncludes': 'registration, compulsory insurance and on-road costs',
  'law.consumer': 'the Australian Consumer Law',
  'law.privacy': 'the Privacy Act 1988 (Cth) and the Australian Privacy Principles',
  // The history report's registers (engine/api/history-pdf.ts).
  'history.finance': 'Finance owing (PPSR)',
  'history.financeClear': 'No security interest registered: no finance owing recorded.',
  'history.writtenOff': 'Written off',
  'history.writtenOffClear': 'Not recorded on a written-off vehicle register.',
};

export type DocumentWordKey = keyof typeof enAU;
export type DocumentWords = Record<DocumentWordKey, string>;

/** By the locale a region names (engine/region/table.ts). */
const DOCUMENT_WORDS: Partial<Record<string, DocumentWords>> = {
  'en-AU': enAU,
  'en-NZ': {
    'country.name': 'New Zealand',
    'country.freight': 'anywhere in New Zealand',
    'country.nationwide': 'nationwide',
    'currency.name': 'New Zealand dollars',
    'price.driveAwayDeal': 'driveaway',
    'price.driveAwayIncludes': 'registration, compulsory insurance and on-road costs',
    'law.consumer': 'the Consumer Guarantees Act',
    'law.privacy': 'the Privacy Act 2020',
    'history.finance': 'Money owing (PPSR)',
    'history.financeClear': 'No security interest registered: no money owing recorded.',
    'history.writtenOff': 'Written off / damage',
    'history.writtenOffClear': 'Not recorded as written off or as a damaged import.',
  },
  'en-US': {
    'country.name': 'the country',
    'country.freight': 'anywhere in the continental US',
    'country.nationwide': 'nationwide',
    'currency.name': 'US dollars',
    // The US says the price with everything paid is "out the door" (docs/regions.md, "Price qualifiers").
    'price.driveAwayDeal': 'out-the-door',
    'price.driveAwayIncludes': 'tax, title, license and dealer fees',
    'law.consumer': 'your state’s consumer protection laws',
    'law.privacy': 'applicable US federal and state privacy laws',
    'history.finance': 'Lien check',
    'history.financeClear': 'No active lien recorded.',
    'history.writtenOff': 'Salvage / total loss',
    'history.writtenOffClear': 'No salvage, junk or total-loss title brand recorded.',
  },
};

/** The region's wording of a document word; a region whose words are missing fails loudly. */
export function documentWord(region: Region | undefined, key: DocumentWordKey): string {
  const locale = regionSettings(region).locale;
  const words = DOCUMENT_WORDS[locale];
  if (!words) throw new Error(`forecourt: the ${locale} document words are not loaded`);
  return words[key];
}

/** Adds a locale's document words until the returned function takes them away (register-region.ts). */
export function addDocumentWords(locale: string, words: DocumentWords): () => void {
  DOCUMENT_WORDS[locale] = words;
  return () => {
    delete DOCUMENT_WORDS[locale];
  };
}
