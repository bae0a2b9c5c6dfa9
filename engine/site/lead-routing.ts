/**
 * Lead routing in the site document (`leadRouting`; docs/leads.md, "What a dealer
 * configures"): which routes take a kind of enquiry for a location, and the whole-site rule
 * that every kind the site's forms take goes somewhere. The kinds a block takes are its
 * schema's `x-block.leads`, so no block is named here. Browser-safe.
 */
import { blockSchemas } from '../../schemas/index.gen.ts';
import defsSchema from '../../schemas/defs.schema.json';
import type { KindOfEnquiry, LeadRoute } from '../../schemas/types.gen.ts';
import { walkBlocks } from '../tree.ts';
import type { DocumentIssue, ResolvedSite } from './types.ts';

export type LeadKind = KindOfEnquiry;

/** Every kind, in the schema's order (defs.schema.json#/$defs/leadKind). */
export const LEAD_KINDS = defsSchema.$defs.leadKind.enum as LeadKind[];

/** A route's destinations, in the order they are written. */
export function hasDestination(route: LeadRoute): boolean {
  return Boolean(route.emails?.length || route.adf?.email || route.adf?.url || route.webhook);
}

/**
 * The routes that take a kind of enquiry at a location: the location's own routes for that
 * kind, else the whole site's (routes without a location). Empty when neither has one.
 */
export function routesFor(
  site: Pick<ResolvedSite, 'leadRouting'>,
  kind: LeadKind,
  location: string | undefined,
): LeadRoute[] {
  const routes = (site.leadRouting?.routes ?? []).filter((r) => r.kinds.includes(kind));
  const own = location === undefined ? [] : routes.filter((r) => r.location === location);
  return own.length ? own : routes.filter((r) => r.location === undefined);
}

type WithLeads = Record<string, { 'x-block'?: { leads?: LeadKind[] } }>;

/** The kinds of enquiry the site's blocks take, each with the first block that takes it. */
export function offeredKinds(site: ResolvedSite): Map<LeadKind, string> {
  const kinds = new Map<LeadKind, string>();
  for (const { block, path } of walkBlocks(site)) {
    for (const kind of (blockSchemas as WithLeads)[block.type]?.['x-block']?.leads ?? [])
      if (!kinds.has(kind)) kinds.set(kind, `the ${block.type} block at ${path}`);
  }
  return kinds;
}

/** How the rule names a kind to staff. */
export const KIND_WORDS: Record<LeadKind, string> = {
  enquiry: 'sales enquiries',
  'test-drive': 'test drive bookings',
  finance: 'finance enquiries',
  'trade-in': 'trade-ins',
  reservation: 'online reservations',
  service: 'service bookings',
  parts: 'parts requests',
};

/**
 * A document that sets `leadRouting` sends every kind of enquiry its blocks take somewhere:
 * each route has a destination, and each kind has a route for the whole site (the one a
 * lead without a location, or from a location without a route of its own, goes to). A
 * document without `leadRouting` is not checked (its leads go to the addresses its locations
 * show, docs/leads.md "Validation"): it was valid before routing existed
 * (docs/site-documents.md, "Versions and migrations").
 */
export function leadRoutingIssues(site: ResolvedSite): DocumentIssue[] {
  if (!site.leadRouting) return [];
  const issues: DocumentIssue[] = [];
  site.leadRouting.routes.forEach((route, i) => {
    if (!hasDestination(route))
      issues.push({
        path: `/leadRouting/routes/${i}`,
        message: 'sends its enquiries nowhere: give it an email address, a dealer CRM or a webhook',
      });
  });
  for (const [kind, where] of offeredKinds(site)) {
    if (routesFor(site, kind, undefined).some(hasDestination)) continue;
    issues.push({
      path: '/leadRouting/routes',
      message: `the site takes ${KIND_WORDS[kind]} (${where}), but no route for the whole site takes them, so some would go nowhere: add "${kind}" to a route without a location (a location's own route takes only that location's)`,
    });
  }
  return issues;
}
