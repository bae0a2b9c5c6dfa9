/**
 * A region added in memory, facts and words together, for as long as the returned function
 * does not take it away: how a test tries a region the table does not have yet (docs/regions.md,
 * "Add a region"). A region sites use is an entry of engine/region/table.ts instead.
 */
import type { Region } from '../../schemas/types.gen.ts';
import { addRegionFacts, type RegionFacts } from '../region.ts';
import { addRegionalWords, removeRegionalWords } from './index.ts';
import type { LocaleOverrides } from './en-AU.ts';
import { addDocumentWords, type DocumentWords } from './document-words.ts';

export function registerRegion(
  code: string,
  facts: RegionFacts,
  words: LocaleOverrides,
  documentWords: DocumentWords,
) {
  const region = code as Region;
  const removeFacts = addRegionFacts(code, facts);
  addRegionalWords(region, words);
  const removeDocumentWords = addDocumentWords(facts.locale, documentWords);
  return () => {
    removeDocumentWords();
    removeRegionalWords(region);
    removeFacts();
  };
}
