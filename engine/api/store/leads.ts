/**
 * Leads: one transaction writes the lead row, its visited pages and its query
 * parameters (and consumes the captcha token), so a failure at any point stores none
 * of it. (site, submission_id) is unique: a retried submit answers the lead it
 * already stored.
 */
import type { Db } from '../db/database.ts';
import type { Reservation, StoredLead } from '../../../schemas/types.gen.ts';

export interface NewLead {
  site: string;
  submissionId: string;
  kind: StoredLead['kind'];
  formId?: string;
  isLastStep: boolean;
  category?: string;
  subcategory?: string;
  name?: string;
  email?: string;
  phone?: string;
  message?: string;
  carId?: number | string;
  dealershipSlug?: string;
  /** The analytics event id the page pushed for this lead (docs/forms.md, "Analytics"). */
  eventId?: number;
  /** The request as received (captcha answer removed). */
  payload: Record<string, unknown>;
  visitedPages: string[];
  queryParams: Record<string, string>;
}

export interface CreateLeadOptions {
  createdAt: string;
  /** Runs inside the transaction before any row is written (consume the captcha). */
  before?: () => void;
  /** Runs inside the transaction after the lead row, before its attributes (test seam). */
  afterLeadRow?: (leadId: number) => void;
  /** Runs inside the transaction once the lead is written (a reservation's hold). */
  after?: (leadId: number) => void;
}

interface LeadRow {
  id: number;
  site: string;
  submission_id: string;
  kind: StoredLead['kind'];
  form_id: string | null;
  status: StoredLead['status'];
  is_last_step: number;
  category: string | null;
  subcategory: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
  car_id: number | string | null;
  event_id: number | null;
  payload: string;
  created_at: string;
}

export class LeadStore {
  private readonly q;

  constructor(
    private readonly db: Db,
    /** A lead's reservation, when it is one (ReservationStore.get). */
    private readonly reservationOf: (leadId: number) => Reservation | undefined = () => undefined,
  ) {
    this.q = {
      bySubmission: db.prepare<[string, string], { id: number }>('SELECT id FROM leads WHERE site = ? AND submission_id = ?'),
      insert: db.prepare(
        `INSERT INTO leads (site, submission_id, kind, form_id, is_last_step, category, subcategory, name, email, phone, message, car_id, dealership_slug, event_id, payload, created_at)
         VALUES (@site, @submissionId, @kind, @formId, @isLastStep, @category, @subcategory, @name, @email, @phone, @message, @carId, @dealershipSlug, @eventId, @payload, @createdAt)`,
      ),
      insertPage: db.prepare('INSERT INTO lead_visited_pages (lead_id, position, url) VALUES (?, ?, ?)'),
      insertParam: db.prepare('INSERT INTO lead_query_params (lead_id, name, value) VALUES (?, ?, ?)'),
      get: db.prepare<[number], LeadRow>('SELECT * FROM leads WHERE id = ?'),
      list: db.prepare<[string, number, number], LeadRow>('SELECT * FROM leads WHERE site = ? AND id < ? ORDER BY id DESC LIMIT ?'),
      pages: db.prepare<[number], { url: string }>('SELECT url FROM lead_visited_pages WHERE lead_id = ? ORDER BY position'),
      params: db.prepare<[number], { name: string; value: string }>('SELECT name, value FROM lead_query_params WHERE lead_id = ? ORDER BY name'),
      events: db.prepare<[number], { type: string; data: string; created_at: string }>(
        'SELECT type, data, created_at FROM lead_events WHERE lead_id = ? ORDER BY id',
      ),
      addEvent: db.prepare('INSERT INTO lead_events (lead_id, type, data, created_at) VALUES (?, ?, ?, ?)'),
      setStatus: db.prepare('UPDATE leads SET status = ?, subcategory = COALESCE(?, subcategory), event_id = COALESCE(?, event_id) WHERE id = ?'),
      count: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM leads WHERE site = ?'),
      remove: db.prepare<[number]>('DELETE FROM leads WHERE id = ?'),
    };
  }

  findBySubmission(site: string, submissionId: string): number | undefined {
    return this.q.bySubmission.get(site, submissionId)?.id;
  }

  /** Stores the lead, or finds the one already stored for this submission. */
  create(lead: NewLead, options: CreateLeadOptions): { leadId: number; created: boolean } {
    const write = this.db.transaction(() => {
      // Inside the write lock (IMMEDIATE), so two processes cannot both miss it.
      const existing = this.findBySubmission(lead.site, lead.submissionId);
      if (existing !== undefined) return { leadId: existing, created: false };
      options.before?.();
      const leadId = Number(
        this.q.insert.run({
          site: lead.site,
          submissionId: lead.submissionId,
          kind: lead.kind,
          formId: lead.formId ?? null,
          isLastStep: lead.isLastStep ? 1 : 0,
          category: lead.category ?? null,
          subcategory: lead.subcategory ?? null,
          name: lead.name ?? null,
          email: lead.email ?? null,
          phone: lead.phone ?? null,
          message: lead.message ?? null,
          carId: lead.carId ?? null,
          dealershipSlug: lead.dealershipSlug ?? null,
          eventId: lead.eventId ?? null,
          payload: JSON.stringify(lead.payload),
          createdAt: options.createdAt,
        }).lastInsertRowid,
      );
      options.afterLeadRow?.(leadId);
      lead.visitedPages.forEach((url, i) => this.q.insertPage.run(leadId, i, url));
      for (const [name, value] of Object.entries(lead.queryParams)) this.q.insertParam.run(leadId, name, value);
      options.after?.(leadId);
      return { leadId, created: true };
    });
    return write.immediate();
  }

  get(id: number): StoredLead | undefined {
    const row = this.q.get.get(id);
    return row && this.toStored(row);
  }

  siteOf(id: number): string | undefined {
    return this.q.get.get(id)?.site;
  }

  /** Newest first; `before` is the id to page back from. */
  list(site: string, limit: number, before = Number.MAX_SAFE_INTEGER): { leads: StoredLead[]; nextBefore: number | null } {
    const rows = this.q.list.all(site, before, limit + 1);
    const page = rows.slice(0, limit);
    return { leads: page.map((r) => this.toStored(r)), nextBefore: rows.length > limit ? page[page.length - 1].id : null };
  }

  /** Takes a lead back out, with everything stored with it (a reservation whose deposit could not be set up). */
  remove(id: number) {
    this.q.remove.run(id);
  }

  count(site: string): number {
    return this.q.count.get(site)?.n ?? 0;
  }

  addEvent(leadId: number, type: string, data: object, createdAt: string, status?: { status: StoredLead['status']; subcategory?: string; eventId?: number }) {
    this.db.transaction(() => {
      this.q.addEvent.run(leadId, type, JSON.stringify(data), createdAt);
      if (status) this.q.setStatus.run(status.status, status.subcategory ?? null, status.eventId ?? null, leadId);
    })();
  }

  private toStored(row: LeadRow): StoredLead {
    return {
      lead_id: row.id,
      site: row.site,
      kind: row.kind,
      form_id: row.form_id,
      submission_id: row.submission_id,
      created_at: row.created_at,
      status: row.status,
      is_last_step: row.is_last_step === 1,
      category: row.category,
      subcategory: row.subcategory,
      name: row.name,
      email: row.email,
      phone: row.phone,
      message: row.message,
      car_id: row.car_id,
      event_id: row.event_id,
      reservation: this.reservationOf(row.id) ?? null,
      payload: JSON.parse(row.payload),
      visited_pages: this.q.pages.all(row.id).map((p) => p.url),
      linked_query_params: Object.fromEntries(this.q.params.all(row.id).map((p) => [p.name, p.value])),
      events: this.q.events.all(row.id).map((e) => ({ type: e.type, created_at: e.created_at, data: JSON.parse(e.data) })),
    };
  }
}
