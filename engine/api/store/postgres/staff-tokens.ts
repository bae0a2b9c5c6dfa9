/** Staff tokens in PostgreSQL, as store/staff-tokens.ts keeps them in SQLite. */
import type { Sql } from 'postgres';
import {
  hashStaffToken,
  liveRecord,
  newStaffToken,
  rolesColumn,
  sitesColumn,
  staffTokenId,
  toStaffToken,
  type StaffMemberFields,
  type StaffSites,
  type StaffTokenRow,
  type StaffTokenStore,
} from '../staff-tokens.ts';

export class PostgresStaffTokens implements StaffTokenStore {
  constructor(private readonly sql: Sql) {}

  async create(name: string, sites: StaffSites, now: Date, member: StaffMemberFields = {}) {
    return this.sql.begin(async (tx) => {
      const [{ id }] = await tx<{ id: number }[]>`
        INSERT INTO staff_tokens (name, email, roles, token_hash, sites, created_at)
        VALUES (${name}, ${member.email ?? null}, ${rolesColumn(member)}, '',
          ${sitesColumn(sites)}, ${now.toISOString()}) RETURNING id`;
      const token = newStaffToken(id);
      const [row] = await tx<StaffTokenRow[]>`
        UPDATE staff_tokens SET token_hash = ${hashStaffToken(token)} WHERE id = ${id} RETURNING *`;
      return { token, record: toStaffToken(row) };
    });
  }

  async list() {
    return (await this.sql<StaffTokenRow[]>`SELECT * FROM staff_tokens ORDER BY id`).map(
      toStaffToken,
    );
  }

  async revoke(id: number, now: Date) {
    const rows = await this.sql`
      UPDATE staff_tokens SET revoked_at = ${now.toISOString()} WHERE id = ${id} AND revoked_at IS NULL RETURNING id`;
    return rows.length > 0;
  }

  async use(token: string, now: Date) {
    const id = staffTokenId(token);
    if (id === undefined) return undefined;
    const [row] = await this.sql<StaffTokenRow[]>`SELECT * FROM staff_tokens WHERE id = ${id}`;
    const live = liveRecord(row, token, now);
    if (live?.write)
      await this
        .sql`UPDATE staff_tokens SET last_used_at = ${live.record.lastUsedAt} WHERE id = ${live.record.id}`;
    return live?.record;
  }
}
