/**
 * npm run staff-token -- create --sites {slug[:role],…} --name "…" [--email …] [--role editor|publisher]
 *   | create --all-sites --name "…" … | list | revoke {id}
 * Staff members' tokens (docs/api.md, "Staff"; docs/security.md, "Who may read what" and "Who
 * may edit and publish"): a dealer's staff member gets a token for their own sites, which reads
 * those sites' leads, sends their deliveries again and opens them in the editor with the
 * member's role there (editor, the default, or publisher), and nothing else. The token is printed once, by `create`; the store
 * keeps only its hash. `revoke` ends a token at once, on every server sharing the store. Works
 * on the store the server uses: DATABASE_URL, else forecourt.db in FORECOURT_DATA_DIR (or .data/).
 * Exits 1 on a problem, 2 on a usage mistake.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DB_FILE, defaultDataDir } from '../engine/api/db/database.ts';
import { stateFile } from '../engine/api/db/guard.ts';
import type { StaffSites, StaffTokenRecord } from '../engine/api/store/staff-tokens.ts';
import { isStaffRole, STAFF_ROLES, type StaffRoles } from '../engine/api/staff-roles.ts';
import { openStore } from '../engine/api/store/open.ts';
import type { Store } from '../engine/api/store/types.ts';
import { runAsCommand, type ScriptIo } from './script-io.ts';

const ROOT = join(import.meta.dirname, '..');
export const USAGE = `Usage: npm run staff-token -- create --sites {slug[:role],…} --name "…" [--email {address}] [--role editor|publisher]
       npm run staff-token -- create --all-sites --name "…" [--email {address}] [--role editor|publisher]
       (role: editor, the default, edits and saves drafts; publisher also publishes, discards and restores;
        a site's own ":role" overrides --role there, e.g. --sites gold-coast-ford:publisher,au-motors)
       npm run staff-token -- list
       npm run staff-token -- revoke {id}`;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// One line of plain text, as git takes an author email; no full address check (the mail is never sent).
const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

class UsageError extends Error {}

function roleOption(given: string | undefined) {
  if (given === undefined) return 'editor';
  if (!isStaffRole(given)) throw new UsageError(`--role is ${STAFF_ROLES.join(' or ')}.`);
  return given;
}

/** The sites the token opens and the member's role on each. */
function sitesOption(
  values: { sites?: string; 'all-sites'?: boolean; role?: string },
  sitesDir: string,
): { sites: StaffSites; roles: StaffRoles } {
  const role = roleOption(values.role);
  if (values['all-sites']) {
    if (values.sites) throw new UsageError('Give --sites or --all-sites, not both.');
    return { sites: 'all', roles: { '*': role } };
  }
  const roles: StaffRoles = {};
  for (const item of (values.sites ?? '').split(',')) {
    const [slug, own, ...more] = item.trim().split(':');
    if (!slug) continue;
    if (more.length || (own !== undefined && !isStaffRole(own)))
      throw new UsageError(
        `"${item.trim()}": a site is {slug} or {slug}:editor, {slug}:publisher.`,
      );
    if (!SLUG.test(slug) || !existsSync(join(sitesDir, `${slug}.json`)))
      throw new Error(`There is no site "${slug}" in ${sitesDir}.`);
    roles[slug] = own ?? role;
  }
  const sites = Object.keys(roles);
  if (!sites.length) throw new UsageError('Name the sites the token opens: --sites {slug,slug…}.');
  return { sites, roles };
}

function describeRoles(roles: StaffRoles) {
  return Object.entries(roles)
    .map(([site, role]) => `${site === '*' ? 'every site' : site} (${role})`)
    .join(', ');
}

function row(t: StaffTokenRecord) {
  const state = t.revokedAt ? `revoked ${t.revokedAt}` : 'live';
  return `${t.id}\t${t.name}\t${t.email ?? '-'}\t${describeRoles(t.roles)}\tcreated ${t.createdAt}\tlast used ${t.lastUsedAt ?? 'never'}\t${state}\n`;
}

/**
 * Opens the server's store. A running server marks forecourt.db open (db/guard.ts); this
 * command's clean close must not record the server's database as closed cleanly too.
 */
async function withStore<T>(io: ScriptIo, work: (store: Store) => Promise<T>) {
  const env = io.env;
  const dataDir = resolve(io.cwd, defaultDataDir(ROOT, env));
  const state = stateFile(join(dataDir, DB_FILE));
  const before = env.DATABASE_URL || !existsSync(state) ? undefined : readFileSync(state);
  const store = await openStore({ dataDir, databaseUrl: env.DATABASE_URL || undefined });
  try {
    return await work(store);
  } finally {
    await store.close();
    if (before && (JSON.parse(before.toString()) as { open?: boolean }).open)
      writeFileSync(state, before);
  }
}

async function run(argv: string[], io: ScriptIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      sites: { type: 'string' },
      'all-sites': { type: 'boolean' },
      name: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  const now = new Date();
  if (command === 'create' && !rest.length) {
    const name = values.name?.trim();
    if (!name) throw new UsageError('Name the token (who holds it): --name "…".');
    if (/[\u0000-\u001f\u007f<>]/.test(name) || name.length > 80)
      throw new UsageError('A name is one line of at most 80 characters, without < >.');
    const email = values.email?.trim() || undefined;
    if (email !== undefined && (!EMAIL.test(email) || email.length > 254))
      throw new UsageError(`"${email}" is not an email address.`);
    const { sites, roles } = sitesOption(
      values,
      resolve(io.cwd, io.env.FORECOURT_SITES_DIR || 'sites'),
    );
    const { token, record } = await withStore(io, (s) =>
      s.staffTokens.create(name, sites, now, { email, roles }),
    );
    const who = record.email ? `"${record.name}" <${record.email}>` : `"${record.name}"`;
    await io.out(
      `Staff token ${record.id} of ${who} for ${describeRoles(record.roles)}:\n\n  ${token}\n\n` +
        'It is shown only now (the store keeps its hash): hand it over safely. ' +
        `Revoke it with: npm run staff-token -- revoke ${record.id}\n`,
    );
    return 0;
  }
  if (command === 'list' && !rest.length) {
    const tokens = await withStore(io, (s) => s.staffTokens.list());
    await io.out(tokens.length ? tokens.map(row).join('') : 'No staff tokens.\n');
    return 0;
  }
  if (command === 'revoke' && rest.length === 1 && /^[1-9]\d{0,11}$/.test(rest[0])) {
    const id = Number(rest[0]);
    if (!(await withStore(io, (s) => s.staffTokens.revoke(id, now)))) {
      io.err(`There is no live staff token ${id}.\n`);
      return 1;
    }
    await io.out(`Staff token ${id} is revoked: it opens nothing from now on.\n`);
    return 0;
  }
  throw new UsageError('');
}

export async function main(argv: string[], io: ScriptIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (err) {
    const usage =
      err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    io.err(`${[(err as Error).message, usage ? USAGE : ''].filter(Boolean).join('\n')}\n`);
    return usage ? 2 : 1;
  }
}

runAsCommand(import.meta.url, main);
