/**
 * Which services a site may frame beyond the blocks' built-in list (blocks/_shared/embed.ts):
 * only those the platform approves in FORECOURT_EMBED_ORIGINS. A site document's own
 * `features.embedOrigins` can choose among them but never add one: a document that named
 * its own host, or any host, could otherwise frame it with scripts and same-origin access.
 * Entries are "https://host[:port]" or "https://*.domain" (README, docs/security.md).
 */
import type { SiteEntry } from './sites.ts';

const ENTRY = /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/;
const normal = (entry: string) => entry.trim().toLowerCase().replace(/\/$/, '');

/** The platform's approved extra services, from FORECOURT_EMBED_ORIGINS (comma- or space-separated). */
export function platformEmbedOrigins(value = process.env.FORECOURT_EMBED_ORIGINS): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(/[\s,]+/)
        .map(normal)
        .filter((e) => ENTRY.test(e)),
    ),
  ];
}

/** Whether a site's entry is on the platform list: the same entry, or a host under an approved "https://*.domain". */
export function approvedEntry(entry: string, platform: readonly string[]): boolean {
  const e = normal(entry);
  return platform.some((p) => {
    if (p === e) return true;
    if (!p.startsWith('https://*.') || e.startsWith('https://*.')) return false;
    return new URL(e).host.endsWith(`.${p.slice('https://*.'.length)}`);
  });
}

/** A resolved site whose `features.embedOrigins` keeps only platform-approved entries (changed in place, and returned). */
export function limitEmbedOrigins<T>(
  site: T,
  platform: readonly string[] = platformEmbedOrigins(),
): T {
  const features = (site as { features?: { embedOrigins?: unknown } } | null)?.features;
  if (features && Array.isArray(features.embedOrigins)) {
    features.embedOrigins = features.embedOrigins.filter(
      (o): o is string =>
        typeof o === 'string' && ENTRY.test(normal(o)) && approvedEntry(o, platform),
    );
  }
  return site;
}

/** The same, for a loaded site entry (nothing to do for an invalid one). */
export function limitEntryEmbeds(entry: SiteEntry, platform?: readonly string[]): SiteEntry {
  if (entry.ok) limitEmbedOrigins(entry.site, platform);
  return entry;
}
