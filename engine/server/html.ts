/** The HTML document around a server-rendered page. */
import escape from 'lodash-es/escape.js';
import type { RenderedPage } from '../render/server.tsx';
import { PAYLOAD_ELEMENT_ID, ROOT_ELEMENT_ID } from '../render/dom-ids.ts';
import { START_ENTRY_ATTR, START_MODULES_ATTR } from '../render/start-attrs.ts';
import { themeCss } from '../render/theme.ts';
import { regionSettings } from '../region.ts';
import { mergeMeta, withCanonical, type HeadMeta, type PreloadImage } from '../render/head.ts';
import { isSafeHref } from '../sanitize/url.ts';

export interface PageAssets {
  /** Stylesheets to link, in order. */
  css: string[];
  /** The same stylesheets' text, when the document carries them inline. */
  inlineCss?: { href: string; text: string }[];
  /** Scripts to preload. */
  preload: string[];
  /** The entry module. */
  entry: string;
  /**
   * The page's first script (engine/render/start.ts), when the build has one: it fetches
   * `preload` and runs `entry` after the first paint. Without it (development) the document
   * links them itself.
   */
  start?: string;
  /** Extra head markup (the Vite client in development). */
  headExtra?: string;
}

/** JSON inside <script>: no "</script>", no HTML comment openers, no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function pageDocument(page: RenderedPage, assets: PageAssets, canonicalUrl: string): string {
  const site = page.payload.site;
  const lang = regionSettings(site.region).locale;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    preloadImageLink(page.head?.preloadImage),
    `<title>${escape(page.title)}</title>`,
    `<link rel="canonical" href="${escape(canonicalUrl)}">`,
    ...metaTags(page, site.name, canonicalUrl),
    ...withCanonical(page.head?.jsonLd, canonicalUrl).map(
      (o) => `<script type="application/ld+json">${jsonForScript(o)}</script>`,
    ),
    `<meta name="theme-color" content="${escape(site.theme.colours.primary)}">`,
    `<link rel="icon" href="/assets/favicon/${escape(site.slug)}.svg" type="image/svg+xml">`,
    `<style id="fc-theme">${themeCss(site)}</style>`,
    ...(assets.inlineCss
      ? assets.inlineCss.map(inlineStylesheet)
      : assets.css.map((href) => `<link rel="stylesheet" href="${escape(href)}">`)),
    assets.headExtra ?? '',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${lang}">
<head>
${head.join('\n')}
</head>
<body>
<div id="${ROOT_ELEMENT_ID}">${withoutSecondPreload(page.html, page.head?.preloadImage)}</div>
<script id="${PAYLOAD_ELEMENT_ID}" type="application/json">${jsonForScript(page.payload)}</script>
${pageScripts(assets)}
</body>
</html>
`;
}

/** The page's scripts, after its content, so its first photos are asked for first. */
function pageScripts({ start, entry, preload }: PageAssets): string {
  if (start)
    return `<script type="module" src="${escape(start)}" ${START_ENTRY_ATTR}="${escape(entry)}" ${START_MODULES_ATTR}="${escape(preload.join(' '))}"></script>`;
  return [
    ...preload.map((href) => `<link rel="modulepreload" href="${escape(href)}">`),
    `<script type="module" src="${escape(entry)}"></script>`,
  ].join('\n');
}

function preloadImageLink(image: PreloadImage | undefined): string {
  if (!image || !isSafeHref(image.href)) return '';
  const href = image.href.trim();
  const set = image.srcset ? ` imagesrcset="${escape(image.srcset)}"` : '';
  const sizes = image.sizes ? ` imagesizes="${escape(image.sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escape(href)}"${set}${sizes} fetchpriority="high">`;
}

/**
 * React preloads the first images a page renders with links of its own, at the start of its
 * HTML (hydration skips them); the one the head already preloads is dropped there, so the main
 * photo is announced once, at the top of <head>, with fetchpriority="high" (docs/cars.md,
 * "Photos").
 */
export function withoutSecondPreload(html: string, image: PreloadImage | undefined): string {
  if (!image || !isSafeHref(image.href)) return html;
  const key = image.srcset
    ? ` imageSrcSet="${escape(image.srcset)}"`
    : ` href="${escape(image.href.trim())}"`;
  return html.replace(/<link rel="preload" as="image"[^>]*\/>/g, (link) =>
    link.includes(key) ? '' : link,
  );
}

/**
 * A stylesheet carried in the document. The link beside it tells Vite's loader the sheet
 * is already on the page, so client-side navigation does not add it again later in <head>
 * (which would also change the cascade order). It is never fetched: a stylesheet link of
 * a type the browser does not style with is not loaded (Chromium 150 fetches a link that
 * is only `disabled`).
 */
function inlineStylesheet({ href, text }: { href: string; text: string }): string {
  return `<style data-href="${escape(href)}">${text.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" type="text/x-forecourt-inlined" href="${escape(href)}" disabled>`;
}

/** The page's meta tags: description and Open Graph defaults, replaced or extended by the blocks' head (engine/render/head.ts). */
function metaTags(page: RenderedPage, siteName: string, canonicalUrl: string): string[] {
  const defaults: HeadMeta[] = [
    ...(page.description ? [{ name: 'description', content: page.description }] : []),
    { property: 'og:title', content: page.title },
    ...(page.description ? [{ property: 'og:description', content: page.description }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:url', content: canonicalUrl },
  ];
  return mergeMeta(defaults, page.head?.meta).map((m) =>
    m.property
      ? `<meta property="${escape(m.property)}" content="${escape(m.content)}">`
      : `<meta name="${escape(m.name)}" content="${escape(m.content)}">`,
  );
}
