/**
 * Staff tokens scoped to sites (docs/security.md, "Who may read what"): each belongs to a
 * staff member (a name, and an email for the commits they make in the editor), has the sites
 * it opens (or every site, for the platform's own operators), the member's role on each
 * (api/staff-roles.ts; none stored: publisher, as tokens made before roles), and its created,
 * last-used and revoked times. Only the SHA-256 of a token is stored, so the database (or a
 * backup) holds nothing that opens the lead view; the token is shown once, when made
 * (`npm run staff-token`). A token reads `fcst_{id}_{secret}`: the id finds its row, and the
 * whole token's hash is compared with the row's in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { StaffRoles } from '../staff-roles.ts';

/** The sites a token opens: a list of slugs, or every site. */
export type StaffSites = string[] | 'all';

export interface StaffTokenRecord {
  id: number;
  name: string;
  /** The member's email, the author email of their editor commits; null for older tokens. */
  email: string | null;
  sites: StaffSites;
  /** The member's role per site ('*': every site). */
  roles: StaffRoles;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface StaffTokenStore {
  /** Makes a token; answers it (shown once, never stored) with its record. */
  create(
    name: string,
    sites: StaffSites,
    now: Date,
    member?: StaffMemberFields,
  ): Promise<{ token: string; record: StaffTokenRecord }>;
  list(): Promise<StaffTokenRecord[]>;
  /** Revokes a live token; false when there is no such token or it was revoked already. */
  revoke(id: number, now: Date): Promise<boolean>;
  /** The live token's record, its use recorded; undefined for an unknown, wrong or revoked token. */
  use(token: string, now: Date): Promise<StaffTokenRecord | undefined>;
}

/** A member's email and roles; without roles the token is a publisher of its sites. */
export interface StaffMemberFields {
  email?: string;
  roles?: StaffRoles;
}

const TOKEN = /^fcst_([1-9]\d{0,11})_[A-Za-z0-9_-]{43}$/;

/** The row id a token names, or undefined when it is not a token of this shape. */
export const staffTokenId = (token: string) => {
  const m = TOKEN.exec(token);
  return m ? Number(m[1]) : undefined;
};

export const hashStaffToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token for row `id`: 256 random bits. */
export const newStaffToken = (id: number) => `fcst_${id}_${randomBytes(32).toString('base64url')}`;

/** Whether a token hashes to a stored hash, in constant time. */
export function matchesHash(token: string, storedHex: string): boolean {
  const given = Buffer.from(hashStaffToken(token), 'hex');
  const stored = Buffer.from(storedHex, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** How the sites column keeps a token's sites: '*' for every site, else a JSON array. */
export const sitesColumn = (sites: StaffSites) => (sites === 'all' ? '*' : JSON.stringify(sites));
export const sitesFromColumn = (text: string): StaffSites =>
  text === '*' ? 'all' : (JSON.parse(text) as string[]);

/** How the roles column keeps them: a JSON object, or NULL for a publisher of the token's sites. */
export const rolesColumn = (member: StaffMemberFields = {}) =>
  member.roles ? JSON.stringify(member.roles) : null;

function rolesFromColumn(text: string | null, sites: StaffSites): StaffRoles {
  if (text) return JSON.parse(text) as StaffRoles;
  return sites === 'all'
    ? { '*': 'publisher' }
    : Object.fromEntries(sites.map((s) => [s, 'publisher' as const]));
}

export interface StaffTokenRow {
  id: number;
  name: string;
  email: string | null;
  roles: string | null;
  token_hash: string;
  sites: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function toStaffToken(r: StaffTokenRow): StaffTokenRecord {
  const sites = sitesFromColumn(r.sites);
  return {
    id: Number(r.id),
    name: r.name,
    email: r.email ?? null,
    sites,
    roles: rolesFromColumn(r.roles ?? null, sites),
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
  };
}

/**
 * How stale a token's last-used time may grow before a use writes it again: a member's token
 * signs every editor request (a check on each pause in typing), which need not each be a write.
 */
export const LAST_USED_EVERY_MS = 60_000;

/** The row's record when the token is its live token, and whether its last use is worth writing. */
export function liveRecord(row: StaffTokenRow | undefined, token: string, now: Date) {
  if (!row || row.revoked_at !== null || !matchesHash(token, row.token_hash)) return undefined;
  const last = row.last_used_at ? Date.parse(row.last_used_at) : NaN;
  const write = !(now.getTime() - last < LAST_USED_EVERY_MS);
  return {
    record: { ...toStaffToken(row), lastUsedAt: write ? now.toISOString() : row.last_used_at },
    write,
  };
}

export class SqliteStaffTokens implements StaffTokenStore {
  constructor(private readonly db: Db) {}

  async create(name: string, sites: StaffSites, now: Date, member: StaffMemberFields = {}) {
    return this.db.transaction(() => {
      // The row first (its id is part of the token), then the token's hash.
      const { lastInsertRowid } = this.db
        .prepare(
          "INSERT INTO staff_tokens (name, email, roles, token_hash, sites, created_at) VALUES (?, ?, ?, '', ?, ?)",
        )
        .run(
          name,
          member.email ?? null,
          rolesColumn(member),
          sitesColumn(sites),
          now.toISOString(),
        );
      const id = Number(lastInsertRowid);
      const token = newStaffToken(id);
      this.db
        .prepare('UPDATE staff_tokens SET token_hash = ? WHERE id = ?')
        .run(hashStaffToken(token), id);
      return { token, record: toStaffToken(this.row(id)!) };
    })();
  }

  async list() {
    return this.db
      .prepare<[], StaffTokenRow>('SELECT * FROM staff_tokens ORDER BY id')
      .all()
      .map(toStaffToken);
  }

  async revoke(id: number, now: Date) {
    const { changes } = this.db
      .prepare('UPDATE staff_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
      .run(now.toISOString(), id);
    return changes > 0;
  }

  async use(token: string, now: Date) {
    const id = staffTokenId(token);
    const live = id === undefined ? undefined : liveRecord(this.row(id), token, now);
    if (live?.write)
      this.db
        .prepare('UPDATE staff_tokens SET last_used_at = ? WHERE id = ?')
        .run(live.record.lastUsedAt, live.record.id);
    return live?.record;
  }

  private row(id: number) {
    return this.db
      .prepare<[number], StaffTokenRow>('SELECT * FROM staff_tokens WHERE id = ?')
      .get(id);
  }
}
