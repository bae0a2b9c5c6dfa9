/**
 * One lead as both stores answer it: the columns of its row, read the same way whichever
 * database holds them (each store turns its own column types into these first: SQLite's 0/1
 * and JSON text, PostgreSQL's booleans and text car ids), plus its pages, parameters, events
 * reservation and deliveries.
 */
import type { StoredLead } from '../../../schemas/types.gen.ts';

/** The lead row's columns, as the API reads them. */
export interface LeadColumns {
  id: number;
  site: string;
  submission_id: string;
  kind: StoredLead['kind'];
  form_id: string | null;
  status: StoredLead['status'];
  is_last_step: boolean;
  category: string | null;
  subcategory: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
  car_id: number | string | null;
  event_id: number | null;
  payload: StoredLead['payload'];
  created_at: string;
}

/** What a lead has in its other tables, in their stored order. */
export interface LeadParts {
  reservation: StoredLead['reservation'];
  pages: { url: string }[];
  params: { name: string; value: string }[];
  events: StoredLead['events'];
  deliveries: StoredLead['deliveries'];
}

export function toStoredLead(row: LeadColumns, parts: LeadParts): StoredLead {
  return {
    lead_id: row.id,
    site: row.site,
    kind: row.kind,
    form_id: row.form_id,
    submission_id: row.submission_id,
    created_at: row.created_at,
    status: row.status,
    is_last_step: row.is_last_step,
    category: row.category,
    subcategory: row.subcategory,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    car_id: row.car_id,
    event_id: row.event_id,
    reservation: parts.reservation,
    payload: row.payload,
    visited_pages: parts.pages.map((p) => p.url),
    linked_query_params: Object.fromEntries(parts.params.map((p) => [p.name, p.value])),
    events: parts.events,
    deliveries: parts.deliveries,
  };
}
