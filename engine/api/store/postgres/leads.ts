/**
 * Leads in PostgreSQL: the same guarantees as SQLite (store/leads.ts) for servers sharing
 * one database. One transaction writes the lead, its visited pages, query parameters,
 * captcha use and reservation hold; (site, submission_id) is unique, so when two servers
 * take the same submission at once, the second finds the first's lead; the captcha token
 * and the car's open hold are unique too, so a replay or a second buyer is refused on
 * whichever server it arrives.
 */
import groupBy from 'lodash-es/groupBy.js';
import type { Sql, TransactionSql } from 'postgres';
import type { StoredLead } from '../../../../schemas/types.gen.ts';
import { toReservation, type ReservationRow } from '../reservations.ts';
import {
  CaptchaUsedError,
  CarHeldError,
  type CreateLeadOptions,
  type LeadStore,
  type NewLead,
} from '../types.ts';
import { asJson, carText, carValue, isUniqueViolation } from './values.ts';
import { toStoredLead, type LeadColumns } from '../lead-row.ts';
import { deliveriesOf, insertDeliveries } from './deliveries.ts';

/** A lead row as PostgreSQL gives it: car ids as text. */
type LeadRow = Omit<LeadColumns, 'car_id'> & { car_id: string | null };

/** The submission was stored by another server meanwhile: roll back, answer its lead. */
class AlreadyStored extends Error {}

export class PostgresLeads implements LeadStore {
  constructor(private readonly sql: Sql) {}

  async findBySubmission(site: string, submissionId: string): Promise<number | undefined> {
    const [row] = await this.sql<
      { id: number }[]
    >`SELECT id FROM leads WHERE site = ${site} AND submission_id = ${submissionId}`;
    return row?.id;
  }

  async create(
    lead: NewLead,
    options: CreateLeadOptions,
  ): Promise<{ leadId: number; created: boolean }> {
    try {
      const leadId = await this.sql.begin((tx) => this.write(tx, lead, options));
      return { leadId, created: true };
    } catch (err) {
      // The same submission committed meanwhile (on this server or another) wins over a captcha
      // or hold it took first: a retry always answers the lead already stored.
      const existing = await this.findBySubmission(lead.site, lead.submissionId);
      if (existing !== undefined) return { leadId: existing, created: false };
      if (options.hold && isUniqueViolation(err, 'reservations_one_hold_per_car'))
        throw new CarHeldError();
      throw err;
    }
  }

  private async write(
    tx: TransactionSql,
    lead: NewLead,
    options: CreateLeadOptions,
  ): Promise<number> {
    if (await this.findIn(tx, lead)) throw new AlreadyStored();
    const hold = options.hold;
    if (hold) {
      const [held] =
        await tx`SELECT 1 FROM reservations WHERE car_id = ${carText(hold.carId)} AND released_at IS NULL`;
      if (held) throw new CarHeldError();
    }
    const captcha = options.captcha;
    if (captcha) {
      await tx`DELETE FROM captcha_used WHERE expires_at < ${captcha.nowMs}`;
      // A token being used by another server's open transaction waits for it here.
      const used =
        await tx`INSERT INTO captcha_used (nonce, expires_at) VALUES (${captcha.nonce}, ${captcha.expiresAtMs}) ON CONFLICT (nonce) DO NOTHING`;
      if (used.count !== 1) throw new CaptchaUsedError();
    }
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO leads (site, submission_id, kind, form_id, is_last_step, category, subcategory, name, email, phone, message, car_id, dealership_slug, event_id, payload, created_at)
      VALUES (${lead.site}, ${lead.submissionId}, ${lead.kind}, ${lead.formId ?? null}, ${lead.isLastStep}, ${lead.category ?? null},
              ${lead.subcategory ?? null}, ${lead.name ?? null}, ${lead.email ?? null}, ${lead.phone ?? null}, ${lead.message ?? null},
              ${lead.carId === undefined ? null : carText(lead.carId)}, ${lead.dealershipSlug ?? null}, ${lead.eventId ?? null},
              ${asJson(tx, lead.payload)}, ${options.createdAt})
      ON CONFLICT (site, submission_id) DO NOTHING
      RETURNING id`;
    if (!row) throw new AlreadyStored();
    const leadId = row.id;
    options.afterLeadRow?.(leadId);
    if (lead.visitedPages.length) {
      await tx`INSERT INTO lead_visited_pages ${tx(lead.visitedPages.map((url, position) => ({ lead_id: leadId, position, url })))}`;
    }
    const params = Object.entries(lead.queryParams).map(([name, value]) => ({
      lead_id: leadId,
      name,
      value,
    }));
    if (params.length) await tx`INSERT INTO lead_query_params ${tx(params)}`;
    if (hold) {
      await tx`
        INSERT INTO reservations (lead_id, site, car_id, stock_number, deposit_amount, currency, created_at, held_until, payment_provider, payment_status)
        VALUES (${leadId}, ${hold.site}, ${carText(hold.carId)}, ${hold.stockNumber}, ${hold.amount}, ${hold.currency}, ${hold.createdAt},
                ${hold.heldUntil}, ${hold.provider}, 'pending')`;
    }
    await insertDeliveries(tx, leadId, options.deliveries ?? [], options.createdAt);
    return leadId;
  }

  private async findIn(tx: TransactionSql, lead: NewLead) {
    const [row] =
      await tx`SELECT id FROM leads WHERE site = ${lead.site} AND submission_id = ${lead.submissionId}`;
    return row !== undefined;
  }

  async get(id: number): Promise<StoredLead | undefined> {
    const rows = await this.sql<LeadRow[]>`SELECT * FROM leads WHERE id = ${id}`;
    return (await this.toStored(rows))[0];
  }

  async siteOf(id: number): Promise<string | undefined> {
    const [row] = await this.sql<{ site: string }[]>`SELECT site FROM leads WHERE id = ${id}`;
    return row?.site;
  }

  async list(
    site: string,
    limit: number,
    before = 2_147_483_647,
  ): Promise<{ leads: StoredLead[]; nextBefore: number | null }> {
    const rows = await this.sql<
      LeadRow[]
    >`SELECT * FROM leads WHERE site = ${site} AND id < ${Math.min(before, 2_147_483_647)} ORDER BY id DESC LIMIT ${limit + 1}`;
    const page = rows.slice(0, limit);
    return {
      leads: await this.toStored(page),
      nextBefore: rows.length > limit ? page[page.length - 1].id : null,
    };
  }

  async remove(id: number) {
    await this.sql`DELETE FROM leads WHERE id = ${id}`;
  }

  async count(site: string): Promise<number> {
    const [row] = await this.sql<
      { n: number }[]
    >`SELECT COUNT(*)::int AS n FROM leads WHERE site = ${site}`;
    return row.n;
  }

  async addEvent(
    leadId: number,
    type: string,
    data: object,
    createdAt: string,
    status?: { status: StoredLead['status']; subcategory?: string; eventId?: number },
  ) {
    await this.sql.begin(async (tx) => {
      await tx`INSERT INTO lead_events (lead_id, type, data, created_at) VALUES (${leadId}, ${type}, ${asJson(tx, data)}, ${createdAt})`;
      if (status) {
        await tx`UPDATE leads SET status = ${status.status}, subcategory = COALESCE(${status.subcategory ?? null}, subcategory),
                 event_id = COALESCE(${status.eventId ?? null}::int, event_id) WHERE id = ${leadId}`;
      }
    });
  }

  /** Rows with their pages, parameters, events and reservation: four queries for the whole page of leads. */
  private async toStored(rows: LeadRow[]): Promise<StoredLead[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [pages, params, events, reservations, deliveries] = await Promise.all([
      this.sql<
        { lead_id: number; url: string }[]
      >`SELECT lead_id, url FROM lead_visited_pages WHERE lead_id = ANY(${ids}::int[]) ORDER BY lead_id, position`,
      this.sql<
        { lead_id: number; name: string; value: string }[]
      >`SELECT lead_id, name, value FROM lead_query_params WHERE lead_id = ANY(${ids}::int[]) ORDER BY lead_id, name COLLATE "C"`,
      this.sql<
        { lead_id: number; type: string; data: Record<string, unknown>; created_at: string }[]
      >`SELECT lead_id, type, data, created_at FROM lead_events WHERE lead_id = ANY(${ids}::int[]) ORDER BY id`,
      this.sql<
        (ReservationRow & { car_id: string })[]
      >`SELECT * FROM reservations WHERE lead_id = ANY(${ids}::int[])`,
      deliveriesOf(this.sql, ids),
    ]);
    const [pagesOf, paramsOf, eventsOf] = [
      groupBy(pages, 'lead_id'),
      groupBy(params, 'lead_id'),
      groupBy(events, 'lead_id'),
    ];
    const reservationOf = new Map(
      reservations.map((r) => [r.lead_id, toReservation({ ...r, car_id: carValue(r.car_id) })]),
    );
    return rows.map((row) =>
      toStoredLead(
        { ...row, car_id: row.car_id === null ? null : carValue(row.car_id) },
        {
          reservation: reservationOf.get(row.id) ?? null,
          pages: pagesOf[row.id] ?? [],
          params: paramsOf[row.id] ?? [],
          events: (eventsOf[row.id] ?? []).map((e) => ({
            type: e.type,
            created_at: e.created_at,
            data: e.data,
          })),
          deliveries: deliveries.get(row.id) ?? [],
        },
      ),
    );
  }
}
