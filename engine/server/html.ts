/** The HTML document around a server-rendered page. */
import { escape } from 'lodash-es';
import type { RenderedPage } from '../render/server.tsx';
import { PAYLOAD_ELEMENT_ID, ROOT_ELEMENT_ID } from '../render/dom-ids.ts';
import { themeCss } from '../render/theme.ts';
import { regionSettings } from '../region.ts';

export interface PageAssets {
  /** Stylesheets to link, in order. */
  css: string[];
  /** Scripts to preload. */
  preload: string[];
  /** The entry module. */
  entry: string;
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
    `<title>${escape(page.title)}</title>`,
    page.description ? `<meta name="description" content="${escape(page.description)}">` : '',
    `<link rel="canonical" href="${escape(canonicalUrl)}">`,
    `<meta property="og:title" content="${escape(page.title)}">`,
    `<meta property="og:site_name" content="${escape(site.name)}">`,
    `<meta property="og:url" content="${escape(canonicalUrl)}">`,
    `<meta name="theme-color" content="${escape(site.theme.colours.primary)}">`,
    `<link rel="icon" href="/assets/favicon/${escape(site.slug)}.svg" type="image/svg+xml">`,
    `<style id="fc-theme">${themeCss(site)}</style>`,
    ...assets.css.map((href) => `<link rel="stylesheet" href="${escape(href)}">`),
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${escape(href)}">`),
    assets.headExtra ?? '',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${lang}">
<head>
${head.join('\n')}
</head>
<body>
<div id="${ROOT_ELEMENT_ID}">${page.html}</div>
<script id="${PAYLOAD_ELEMENT_ID}" type="application/json">${jsonForScript(page.payload)}</script>
<script type="module" src="${escape(assets.entry)}"></script>
</body>
</html>
`;
}
