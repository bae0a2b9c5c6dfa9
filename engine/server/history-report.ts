/**
 * Car history reports (the car page's "Car History Report" button, car.file): a PDF made
 * for the car on request (engine/api/history-pdf.ts) from the findings of the history
 * provider the server was given (the demo's: demo/history.ts; none: every report is 404).
 *
 * Routes (mount the router at the root of the app, before the site pages):
 *   GET /sites/:slug/cars/:id/history-report.pdf   every site side by side (development, demos)
 *   GET /cars/:id/history-report.pdf               the site whose hostnames include the request's host
 *
 * 404 unless the car exists, the site shows it on its website (its dealerships, makes and
 * car types, sold cars included: the same cars its car pages show) and its `file` is this
 * very address (relative to the site). Unmapped hosts fall through to the next handler.
 */
import { Router, type Request, type Response } from 'express';
import type { Car } from '../../schemas/types.gen.ts';
import { renderHistoryReportPdf, type HistoryReportSource } from '../api/history-pdf.ts';
import { parseFilters } from '../search/filter-parser.ts';
import { buildSiteFilter } from '../search/site-filter.ts';
import type { ResolvedSite } from '../site/types.ts';
import { matchesFilter, type FeedSites } from './feeds.ts';
import type { SiteEntry } from './sites.ts';

/** The address of a car's history report inside its site (what the generator writes in car.file). */
export function historyReportPath(id: number | string): string {
  return `/cars/${id}/history-report.pdf`;
}

type SiteLike = Pick<ResolvedSite, 'search' | 'features' | 'dealerships'>;

/** Whether the site shows the car on its website: preset 1 with the site's own limits (as its car pages do). */
export function siteShowsCar(site: SiteLike, car: Car): boolean {
  const filter = parseFilters(
    buildSiteFilter({ ...site, search: { ...site.search, preset: 1, inStockOnly: false } }),
  );
  return matchesFilter(filter, car as unknown as Record<string, unknown>);
}

/** The car whose report a site may serve, or undefined (404). */
export function reportCar(
  site: SiteLike,
  id: string,
  getCar: (id: string) => Car | undefined,
): Car | undefined {
  if (!/^\d{1,12}$/.test(id)) return undefined;
  const car = getCar(id);
  if (!car || car.file !== historyReportPath(car.id)) return undefined;
  return siteShowsCar(site, car) ? car : undefined;
}

export function createHistoryReportRouter({
  sites,
  getCar,
  history,
}: {
  sites: FeedSites;
  getCar: (id: string) => Car | undefined;
  /** The history provider (none: no car has a report). */
  history?: HistoryReportSource;
}) {
  const router = Router();
  const send = async (req: Request, res: Response, entry: SiteEntry) => {
    if (!entry.ok)
      return res
        .status(503)
        .type('text/plain')
        .send('This site is being updated. Please try again shortly.');
    const car = reportCar(entry.site, String(req.params.id), getCar);
    const report = car && history ? await history(car, entry.site.region) : undefined;
    if (!car || !report)
      return res.status(404).type('text/plain').send('There is no history report for this car.');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Content-Disposition', `inline; filename="history-report-${car.id}.pdf"`);
    res.type('application/pdf').send(renderHistoryReportPdf(car, report, entry.site));
  };
  router.get('/sites/:slug/cars/:id/history-report.pdf', async (req, res) => {
    const entry = sites.get(String(req.params.slug));
    if (!entry) return res.status(404).type('text/plain').send('No site is configured here.');
    await send(req, res, entry);
  });
  router.get('/cars/:id/history-report.pdf', async (req, res, next) => {
    const entry = sites.byHostname(req.hostname);
    if (!entry) return next();
    await send(req, res, entry);
  });
  return router;
}
