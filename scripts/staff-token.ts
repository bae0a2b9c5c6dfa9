/**
 * npm run staff-token -- create --sites {slug,slug…} --name "…" | create --all-sites --name "…" | list | revoke {id}
 * Staff tokens of the lead view (docs/api.md, "Staff"; docs/security.md, "Who may read what"):
 * a dealer's staff get a token for their own sites, which reads those sites' leads and sends
 * their deliveries again, and nothing else. The token is printed once, by `create`; the store
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
import { openStore } from '../engine/api/store/open.ts';
import type { Store } from '../engine/api/store/types.ts';
import { runAsCommand, type ScriptIo } from './script-io.ts';

const ROOT = join(import.meta.dirname, '..');
export const USAGE = `Usage: npm run staff-token -- create --sites {slug,slug…} --name "…"
       npm run staff-token -- create --all-sites --name "…"   (the platform's own operators)
       npm run staff-token -- list
       npm run staff-token -- revoke {id}`;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

class UsageError extends Error {}

function sitesOption(values: { sites?: string; 'all-sites'?: boolean }, sitesDir: string) {
  if (values['all-sites']) {
    if (values.sites) throw new UsageError('Give --sites or --all-sites, not both.');
    return 'all';
  }
  const sites = (values.sites ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!sites.length) throw new UsageError('Name the sites the token opens: --sites {slug,slug…}.');
  for (const slug of sites)
    if (!SLUG.test(slug) || !existsSync(join(sitesDir, `${slug}.json`)))
      throw new Error(`There is no site "${slug}" in ${sitesDir}.`);
  return [...new Set(sites)];
}

const describeSites = (sites: StaffSites) => (sites === 'all' ? 'every site' : sites.join(', '));

function row(t: StaffTokenRecord) {
  const state = t.revokedAt ? `revoked ${t.revokedAt}` : 'live';
  return `${t.id}\t${t.name}\t${describeSites(t.sites)}\tcreated ${t.createdAt}\tlast used ${t.lastUsedAt ?? 'never'}\t${state}\n`;
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
    },
  });
  const [command, ...rest] = positionals;
  const now = new Date();
  if (command === 'create' && !rest.length) {
    const name = values.name?.trim();
    if (!name) throw new UsageError('Name the token (who holds it): --name "…".');
    const sites = sitesOption(values, resolve(io.cwd, io.env.FORECOURT_SITES_DIR || 'sites'));
    const { token, record } = await withStore(io, (s) => s.staffTokens.create(name, sites, now));
    await io.out(
      `Staff token ${record.id} "${record.name}" for ${describeSites(record.sites)}:\n\n  ${token}\n\n` +
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
