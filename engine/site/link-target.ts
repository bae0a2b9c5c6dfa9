/**
 * Where an in-site link goes: the site's one link rewrite and splitting an href into
 * path, query and fragment. Small and schema-free on purpose: every dealer page uses it.
 */

/**
 * Where a link written in the document takes the visitor. The one rewrite: on a site
 * with an online service-booking key, /service (with any query, anchor or sub-path)
 * becomes /ford-service. Every in-site link a block renders goes through this.
 */
export function linkTarget(href: string, features: { serviceBookingKey?: string | null }): string;
export function linkTarget(
  href: string | undefined,
  features: { serviceBookingKey?: string | null },
): string | undefined;
export function linkTarget(
  href: string | undefined,
  features: { serviceBookingKey?: string | null },
) {
  if (!href || !features.serviceBookingKey?.trim()) return href;
  return href.replace(/^\/service(?=$|[?#/])/, '/ford-service');
}

/** An in-site link split into its path (no trailing slash except the root), query and fragment. */
export function splitHref(href: string): { path: string; query: string; fragment: string } {
  const hash = href.indexOf('#');
  const fragment = hash >= 0 ? href.slice(hash + 1) : '';
  const beforeHash = hash >= 0 ? href.slice(0, hash) : href;
  const q = beforeHash.indexOf('?');
  const rawPath = q >= 0 ? beforeHash.slice(0, q) : beforeHash;
  const query = q >= 0 ? beforeHash.slice(q + 1) : '';
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') || '/' : rawPath;
  return { path, query, fragment };
}
