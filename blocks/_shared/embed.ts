/**
 * Embedded frames (booking and enquiry forms from other services): the origin allow-list,
 * the address check and the sandbox. Dealer-supplied frames are a security boundary:
 *  - only https addresses whose origin is on the allow-list are framed: the platform's
 *    list below, plus the site's own list (`features.embedOrigins`), which the server
 *    keeps to the services the platform approves (engine/server/embed-origins.ts);
 *  - addresses with credentials (https://user:pass@…) are refused;
 *  - every frame gets a `sandbox`: scripts, forms and the frame's own origin (so the
 *    service's session works; not for a frame of the site's own origin), popups only
 *    when the block allows them; never top-level navigation, downloads or modals;
 *  - the referrer sent is the origin only.
 */
import type { ResolvedSite } from '../../engine/site/types.ts';

/**
 * Services any dealer site may frame. Entries are origins ("https://host") or
 * "https://*.domain" for its sub-domains.
 */
export const PLATFORM_EMBED_ORIGINS: readonly string[] = [
  'https://calendly.com',
  'https://docs.google.com',
  'https://forms.office.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
];

const ORIGIN_ENTRY = /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/;

/** The allow-list for a site: the platform's, plus valid entries of the site's own list. */
export function allowedEmbedOrigins(site: Pick<ResolvedSite, 'features'>): string[] {
  const extra = (site.features as unknown as { embedOrigins?: unknown }).embedOrigins;
  const own = Array.isArray(extra)
    ? extra
        .filter((o): o is string => typeof o === 'string')
        .map((o) => o.trim().toLowerCase().replace(/\/$/, ''))
    : [];
  return [...new Set([...PLATFORM_EMBED_ORIGINS, ...own.filter((o) => ORIGIN_ENTRY.test(o))])];
}

/** Whether an origin ("https://host[:port]") is one of the site's own host names. */
export function isSiteOwnOrigin(origin: string, site: Pick<ResolvedSite, 'hostnames'>): boolean {
  const host = new URL(origin).hostname.toLowerCase();
  return (site.hostnames ?? []).some((h) => h.toLowerCase() === host);
}

export type EmbedCheck =
  { ok: true; url: string; origin: string } | { ok: false; reason: string; origin?: string };

/** Whether an address may be framed under an allow-list; with the reason when not. */
export function checkEmbedSrc(src: string | undefined, allowed: readonly string[]): EmbedCheck {
  let url: URL;
  try {
    url = new URL((src ?? '').trim());
  } catch {
    return { ok: false, reason: 'the address is not a full https:// address' };
  }
  if (url.protocol !== 'https:')
    return { ok: false, reason: 'only https:// addresses can be embedded', origin: url.origin };
  if (url.username || url.password)
    return {
      ok: false,
      reason: 'addresses with a user name or password are refused',
      origin: url.origin,
    };
  const origin = url.origin.toLowerCase();
  const host = url.host.toLowerCase();
  const permitted = allowed.some((entry) => {
    const e = entry.toLowerCase();
    if (e.startsWith('https://*.')) {
      const domain = e.slice('https://*.'.length);
      return host.endsWith(`.${domain}`);
    }
    return e === origin;
  });
  if (!permitted)
    return {
      ok: false,
      reason: `${origin} is not on the list of approved embedded services`,
      origin,
    };
  return { ok: true, url: url.href, origin };
}

/**
 * The sandbox tokens of an embedded frame. A frame of the site's own origin never gets
 * allow-scripts and allow-same-origin together: with both, its page could lift its own
 * sandbox and script the visitor's page (docs/security.md, "Editor and server").
 */
export function embedSandbox(options: { allowPopups?: boolean; ownOrigin?: boolean } = {}): string {
  const tokens = options.ownOrigin
    ? ['allow-scripts', 'allow-forms']
    : ['allow-scripts', 'allow-forms', 'allow-same-origin'];
  if (options.allowPopups !== false) tokens.push('allow-popups', 'allow-popups-to-escape-sandbox');
  return tokens.join(' ');
}
