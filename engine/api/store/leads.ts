/**
 * Leads in SQLite: one transaction writes the lead row, its visited pages and its query
 * parameters (and consumes the captcha token, holds a reserved car and writes the lead's
 * outbox rows), so a failure at any point stores none of it. (site, submission_id) is unique: a retried submit answers
 * the lead it already stored.
 */
import type { Db } from '../db/database.ts';
import type { StoredLead } from '../../../schemas/types.gen.ts';
import {
  CaptchaUsedError,
  CarHeldError,
  type CreateLeadOptions,
  type LeadStore,
  type NewLead,
} from './types.ts';
import type { SqliteRecords } from './records.ts';
import type { SqliteReservations } from './reservations.ts';
import type { SqliteDeliveries } from './deliveries.ts';
import { toStoredLead, type LeadColumns } from './lead-row.ts';

export type { NewLead } from './types.ts';

/** A lead row as SQLite gives it: a 0/1 flag and JSON text. */
type LeadRow = Omit<LeadColumns, 'is_last_step' | 'payload'> & {
  is_last_step: number;
  payload: string;
};

export class SqliteLeads implements LeadStore {
  private readonly q;

  constructor(
    private readonly db: Db,
    private readonly reservations: SqliteReservations,
    private readonly records: SqliteRecords,
    private readonly deliveries: SqliteDeliveries,
  ) {
    this.q = {
      bySubmission: db.prepare<[string, string], { id: number }>(
        'SELECT id FROM leads WHERE site = ? AND submission_id = ?',
      ),
      insert: db.prepare(
        `INSERT INTO leads (site, submission_id, kind, form_id, is_last_step, category, subcategory, name, email, phone, message, car_id, dealership_slug, event_id, payload, created_at)
         VALUES (@site, @submissionId, @kind, @formId, @isLastStep, @category, @subcategory, @name, @email, @phone, @message, @carId, @dealershipSlug, @eventId, @payload, @createdAt)`,
      ),
      insertPage: db.prepare(
        'INSERT INTO lead_visited_pages (lead_id, position, url) VALUES (?, ?, ?)',
      ),
      insertParam: db.prepare(
        'INSERT INTO lead_query_params (lead_id, name, value) VALUES (?, ?, ?)',
      ),
      get: db.prepare<[number], LeadRow>('SELECT * FROM leads WHERE id = ?'),
      list: db.prepare<[string, number, number], LeadRow>(
        'SELECT * FROM leads WHERE site = ? AND id < ? ORDER BY id DESC LIMIT ?',
      ),
      pages: db.prepare<[number], { url: string }>(
        'SELECT url FROM lead_visited_pages WHERE lead_id = ? ORDER BY position',
      ),
      params: db.prepare<[number], { name: string; value: string }>(
        'SELECT name, value FROM lead_query_params WHERE lead_id = ? ORDER BY name',
      ),
      events: db.prepare<[number], { type: string; data: string; created_at: string }>(
        'SELECT type, data, created_at FROM lead_events WHERE lead_id = ? ORDER BY id',
      ),
      addEvent: db.prepare(
        'INSERT INTO lead_events (lead_id, type, data, created_at) VALUES (?, ?, ?, ?)',
      ),
      setStatus: db.prepare(
        'UPDATE leads SET status = ?, subcategory = COALESCE(?, subcategory), event_id = COALESCE(?, event_id) WHERE id = ?',
      ),
      count: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM leads WHERE site = ?'),
      remove: db.prepare<[number]>('DELETE FROM leads WHERE id = ?'),
    };
  }

  async findBySubmission(site: string, submissionId: string): Promise<number | undefined> {
    return this.submitted(site, submissionId);
  }

  private submitted(site: string, submissionId: string): number | undefined {
    return this.q.bySubmission.get(site, submissionId)?.id;
  }

  async create(
    lead: NewLead,
    options: CreateLeadOptions,
  ): Promise<{ leadId: number; created: boolean }> {
    const write = this.db.transaction(() => {
      // Inside the write lock (IMMEDIATE), so two processes cannot both miss it.
      const existing = this.submitted(lead.site, lead.submissionId);
      if (existing !== undefined) return { leadId: existing, created: false };
      // Checked again inside the write lock: another process may have held the car since.
      if (options.hold && this.reservations.openHoldNow(options.hold.carId))
        throw new CarHeldError();
      if (options.captcha && !this.records.useCaptcha(options.captcha))
        throw new CaptchaUsedError();
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
      for (const [name, value] of Object.entries(lead.queryParams))
        this.q.insertParam.run(leadId, name, value);
      if (options.hold) this.reservations.hold(leadId, options.hold);
      this.deliveries.insertAll(leadId, options.deliveries ?? [], options.createdAt);
      return { leadId, created: true };
    });
    try {
      return write.immediate();
    } catch (err) {
      // The one-open-hold-per-car index: a hold written since the check above.
      if ((err as { code?: string })?.code === 'SQLITE_CONSTRAINT_UNIQUE' && options.hold)
        throw new CarHeldError();
      throw err;
    }
  }

  async get(id: number): Promise<StoredLead | undefined> {
    const row = this.q.get.get(id);
    return row && this.toStored(row);
  }

  async siteOf(id: number): Promise<string | undefined> {
    return this.q.get.get(id)?.site;
  }

  async list(
    site: string,
    limit: number,
    before = Number.MAX_SAFE_INTEGER,
  ): Promise<{ leads: StoredLead[]; nextBefore: number | null }> {
    const rows = this.q.list.all(site, before, limit + 1);
    const page = rows.slice(0, limit);
    return {
      leads: page.map((r) => this.toStored(r)),
      nextBefore: rows.length > limit ? page[page.length - 1].id : null,
    };
  }

  async remove(id: number) {
    this.q.remove.run(id);
  }

  async count(site: string): Promise<number> {
    return this.q.count.get(site)?.n ?? 0;
  }

  async addEvent(
    leadId: number,
    type: string,
    data: object,
    createdAt: string,
    status?: { status: StoredLead['status']; subcategory?: string; eventId?: number },
  ) {
    this.db.transaction(() => {
      this.q.addEvent.run(leadId, type, JSON.stringify(data), createdAt);
      if (status)
        this.q.setStatus.run(
          status.status,
          status.subcategory ?? null,
          status.eventId ?? null,
          leadId,
        );
    })();
  }

  private toStored(row: LeadRow): StoredLead {
    return toStoredLead(
      { ...row, is_last_step: row.is_last_step === 1, payload: JSON.parse(row.payload) },
      {
        reservation: this.reservations.getNow(row.id) ?? null,
        pages: this.q.pages.all(row.id),
        params: this.q.params.all(row.id),
        events: this.q.events
          .all(row.id)
          .map((e) => ({ type: e.type, created_at: e.created_at, data: JSON.parse(e.data) })),
        deliveries: this.deliveries.ofLead(row.id),
      },
    );
  }
}
