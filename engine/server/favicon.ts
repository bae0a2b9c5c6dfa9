/**
 * /favicon.ico and /favicon.svg, which browsers and crawlers ask for whatever the page
 * links (Chromium requests /favicon.ico for a page without `<link rel="icon">`, and logs a
 * console error when it answers 404).
 *
 *   - On a site's own host name: a redirect to that site's icon, /assets/favicon/{slug}.svg
 *     (the icon its pages link).
 *   - Anywhere else (the index of demo sites, /sites/{slug}/… in development): the
 *     platform's icon (engine/assets/favicon.ts), a real ICO at /favicon.ico and the SVG
 *     at /favicon.svg, which the index page links.
 *
 * Mount at the root of the app, before the site pages (a host-routed site would otherwise
 * answer /favicon.ico with its not-found page).
 */
import { Router, type Request, type Response } from 'express';
import { FAVICON_SVG, faviconIco } from '../assets/favicon.ts';
import type { FeedSites } from './feeds.ts';

export const PLATFORM_FAVICON = '/favicon.svg';

export function createFaviconRouter({ sites }: { sites: Pick<FeedSites, 'byHostname'> }) {
  const router = Router();
  const siteIcon = (req: Request, res: Response) => {
    const entry = sites.byHostname(req.hostname);
    if (!entry) return false;
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.redirect(302, `/assets/favicon/${encodeURIComponent(entry.slug)}.svg`);
    return true;
  };
  router.get('/favicon.ico', (req, res) => {
    if (siteIcon(req, res)) return;
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/x-icon').send(faviconIco());
  });
  router.get('/favicon.svg', (req, res) => {
    if (siteIcon(req, res)) return;
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml').send(FAVICON_SVG);
  });
  return router;
}
