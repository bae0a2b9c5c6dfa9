/**
 * The site entry a staff draft preview renders: the draft's head prepared like a published
 * document, kept until the draft moves on.
 */
import { parseDocumentText } from '../site/json-text.ts';
import { withPreviewKey } from './draft-keys.ts';
import type { SiteRepo } from './site-repo.ts';
import type { SiteEntry, SiteStore } from './sites.ts';

export function draftEntryReader(repo: SiteRepo, sites: SiteStore) {
  const draftEntries = new Map<string, { head: string; entry: SiteEntry }>();
  return (slug: string): SiteEntry | undefined => {
    const head = repo.draftHead(slug);
    if (!head) return sites.get(slug); // no draft: the draft preview is the published site
    const cached = draftEntries.get(slug);
    if (cached?.head === head) return cached.entry;
    const text = repo.fileAt(head, slug);
    if (text === undefined) return undefined;
    let entry: SiteEntry;
    try {
      entry = sites.prepareDocument(slug, parseDocumentText(text));
      // Staff only: its searches may reach a new site's sample stock (draft-keys.ts).
      if (entry.ok) entry = { ...entry, site: withPreviewKey(entry.site) };
    } catch (err) {
      // A draft pushed by hand can be anything: it answers 503 with its problem, like a broken file.
      entry = {
        slug,
        file: `${slug}.json`,
        ok: false,
        issues: [{ path: '/', message: `the draft is not valid JSON: ${(err as Error).message}` }],
      };
    }
    draftEntries.set(slug, { head, entry });
    return entry;
  };
}
