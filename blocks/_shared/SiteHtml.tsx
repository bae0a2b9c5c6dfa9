/**
 * HTML from the site document (rich text, FAQ answers, banner details, …), already
 * sanitised when the document was prepared (x-sanitize: html), with its in-site links
 * made to work like SiteLink's:
 *
 *  - an `<a href="/…">` (one leading slash) gets the router's basename, so on
 *    /sites/{slug}/ it stays on the site (and by host name, basename '', nothing changes),
 *    after the site's link rewrite (useLinkTarget: /service → /ford-service with a
 *    service-booking key), exactly as SiteLink does;
 *  - a plain click on such a link is a client-side navigation, like a <Link>; files
 *    (a path ending in an extension, e.g. a PDF) and links with a target or download
 *    load as usual, as do clicks with a modifier key.
 *
 * External, mailto:, tel:, #anchor and ?query links are left alone. The rewrite is a pure
 * string function, run identically on the server and in the browser, so hydration sees
 * the same markup.
 */
import type { HTMLAttributes, MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';
import { useLinkTarget } from '../../engine/render/site-context.tsx';

/** An `<a …>` start tag (attribute values may hold '>' inside quotes). */
const A_START_TAG = /<a(?=[\s>/])(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
/** One attribute of a start tag: name, then an optional double-quoted, single-quoted or bare value. */
const ATTRIBUTE = /(\s+)([^\s"'>/=]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function isInSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

/**
 * The HTML with each in-site `<a href>` rewritten: `rewrite` first (the site's link
 * rewrite), then the basename in front. Other links and attributes are kept as written.
 */
export function siteLinksInHtml(
  html: string,
  basename: string,
  rewrite: (href: string) => string = (h) => h,
): string {
  if (!html.includes('<a') && !html.includes('<A')) return html;
  const base = basename === '/' ? '' : basename.replace(/\/+$/, '');
  return html.replace(A_START_TAG, (tag) => {
    let done = false;
    return tag.replace(
      ATTRIBUTE,
      (
        whole,
        space: string,
        name: string,
        eq: string | undefined,
        dq?: string,
        sq?: string,
        bare?: string,
      ) => {
        if (done || name.toLowerCase() !== 'href' || eq === undefined) return whole;
        done = true; // the first href counts (as in a browser)
        const value = dq ?? sq ?? bare ?? '';
        if (!isInSitePath(value.trim())) return whole;
        const href = base + rewrite(value.trim());
        const quote = sq !== undefined ? "'" : '"';
        return `${space}${name}${eq}${quote}${href}${quote}`;
      },
    );
  });
}

/**
 * Where a click on a link in site HTML should go inside the router (a path relative to
 * the basename), or undefined when the browser should follow it itself.
 */
export function clientPath(href: string | null, basename: string): string | undefined {
  if (!href || !isInSitePath(href)) return undefined;
  const base = basename === '/' ? '' : basename.replace(/\/+$/, '');
  if (
    base &&
    href !== base &&
    !href.startsWith(`${base}/`) &&
    !href.startsWith(`${base}?`) &&
    !href.startsWith(`${base}#`)
  )
    return undefined;
  const path = href.slice(base.length) || '/';
  const pathname = path.split(/[?#]/)[0];
  if (/\.[a-z0-9]{1,8}$/i.test(pathname)) return undefined; // a file (PDF, feed, …), not a page
  return path.startsWith('/') ? path : `/${path}`;
}

/** The router's basename: '' at the root, '/sites/{slug}' in demos. */
export function useBasename(): string {
  const root = useHref('/');
  return root === '/' ? '' : root.replace(/\/+$/, '');
}

type Props = Omit<HTMLAttributes<HTMLDivElement>, 'dangerouslySetInnerHTML' | 'children'> & {
  /** Sanitised HTML from the site document. */
  html: string;
};

/** A `<div>` of site HTML whose in-site links keep the site's base path (see above). */
export function SiteHtml({ html, onClick, ...rest }: Props) {
  const basename = useBasename();
  const navigate = useNavigate();
  const out = siteLinksInHtml(html, basename, useLinkTarget());

  const follow = (event: MouseEvent<HTMLDivElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    const link = (event.target as Element | null)?.closest?.('a');
    if (!link || !event.currentTarget.contains(link)) return;
    if ((link.getAttribute('target') ?? '_self') !== '_self' || link.hasAttribute('download'))
      return;
    const to = clientPath(link.getAttribute('href'), basename);
    if (to === undefined) return;
    event.preventDefault();
    void navigate(to);
  };

  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- follows clicks on the rich text's own links, which take keys themselves
  return <div {...rest} onClick={follow} dangerouslySetInnerHTML={{ __html: out }} />;
}
