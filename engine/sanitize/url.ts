/**
 * Dealer-supplied and visitor-facing links: only site paths, anchors, query strings,
 * http(s), mailto: and tel: are allowed. Anything else becomes "#".
 * The same rule as the href pattern in schemas/defs.schema.json.
 */
const SAFE_HREF = /^(?:\/(?!\/)|#|\?|https?:\/\/|mailto:|tel:)/i;

export function isSafeHref(href: unknown): href is string {
  if (typeof href !== 'string') return false;
  // Browsers ignore tabs and newlines inside schemes ("java\tscript:").
  const cleaned = href.replace(/[\u0000-\u001F\u007F\s]+/g, '');
  return (
    SAFE_HREF.test(cleaned) && cleaned === href.trim().replace(/[\u0000-\u001F\u007F\s]+/g, '')
  );
}

export function safeHref(href: unknown, fallback = '#'): string {
  return isSafeHref(href) ? href.trim() : fallback;
}

/** A tel: link from a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
