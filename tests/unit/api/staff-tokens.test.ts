/**
 * Staff tokens scoped to sites (docs/security.md, "Who may read what"): made with the
 * staff-token script, a token for one site reads that site's leads (JSON and HTML) and sends
 * its deliveries again, and gets 403 for another site; a revoked token gets 401; the store
 * keeps no token in clear; FORECOURT_STAFF_TOKEN still opens every site.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_YOUR_SITE, STAFF_TOKEN_REQUIRED } from '../../../engine/api/staff-auth.ts';
import { LAST_USED_EVERY_MS } from '../../../engine/api/store/staff-tokens.ts';
import { main, USAGE } from '../../../scripts/staff-token.ts';
import { capturedIo } from '../../../scripts/script-io.ts';
import {
  describeStores,
  fixtureSitesDir,
  postgresDatabaseFor,
  startApi,
  type TestApi,
} from './harness.ts';

const lead = (site: string, name: string) => ({
  site,
  submission_id: crypto.randomUUID(),
  isLastStep: true,
  name,
  email: 'buyer@example.com',
});

describeStores('staff tokens per site', (store) => {
  let open: TestApi[] = [];
  afterEach(async () => {
    for (const t of open) await t.close();
    open = [];
  });
  const sitesDir = fixtureSitesDir();

  async function start(options: Parameters<typeof startApi>[0] = {}) {
    const t = await startApi({ sitesDir, ...options });
    open.push(t);
    return t;
  }

  /** Runs `npm run staff-token -- …` on the API's own store. */
  async function script(t: TestApi, ...argv: string[]) {
    const env = {
      FORECOURT_DATA_DIR: t.dataDir,
      FORECOURT_SITES_DIR: sitesDir,
      DATABASE_URL: store === 'postgres' ? await postgresDatabaseFor(t.dataDir) : '',
    };
    const io = capturedIo(process.cwd(), env);
    const code = await main(argv, io);
    return { code, out: io.stdout, err: io.stderr, token: /fcst_\S+/.exec(io.stdout)?.[0] };
  }

  /** A new lead on `site` with a delivery that failed (the fixture sites route leads nowhere): its id. */
  async function failedDelivery(t: TestApi, site: string) {
    const res = await t.post('/leads', lead(site, `Buyer at ${site}`));
    expect(res.status).toBe(201);
    const at = new Date().toISOString();
    const [row] = await t.rows<{ id: number }>(
      `INSERT INTO lead_deliveries (lead_id, channel, target, kind, state, created_at, retry_from, next_attempt_at, last_error)
       SELECT MAX(id), 'email', 'sales@${site}.example', 'enquiry', 'failed', '${at}', '${at}', '${at}', 'refused'
       FROM leads WHERE site = '${site}' RETURNING id`,
    );
    return Number(row.id);
  }

  it("reads and resends its own site's leads only, JSON and HTML", async () => {
    const t = await start();
    const nz = await failedDelivery(t, 'nz-motors');
    const west = await failedDelivery(t, 'au-west');
    const made = await script(t, 'create', '--sites', 'nz-motors', '--name', 'NZ Motors sales');
    expect(made.code, made.err).toBe(0);
    const token = made.token!;
    const auth = { authorization: `Bearer ${token}` };

    const own = await t.get('/staff/leads?site=nz-motors', auth);
    expect(own.status).toBe(200);
    expect(own.body.leads.map((l: { name: string }) => l.name)).toEqual(['Buyer at nz-motors']);
    const other = await t.get('/staff/leads?site=au-west', auth);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: NOT_YOUR_SITE });

    const page = await t.get(`/staff/leads.html?site=nz-motors&token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Buyer at nz-motors');
    const otherPage = await t.get(`/staff/leads.html?site=au-west&token=${token}`);
    expect(otherPage.status).toBe(403);
    expect(otherPage.text).not.toContain('Buyer at au-west');

    // Another site's delivery: refused by its site, and not found through one's own site.
    expect((await t.post(`/staff/deliveries/${west}/resend?site=au-west`, {}, auth)).status).toBe(
      403,
    );
    expect((await t.post(`/staff/deliveries/${west}/resend?site=nz-motors`, {}, auth)).status).toBe(
      404,
    );
    const html = await t.raw(`/staff/deliveries/${west}/resend.html?site=au-west&token=${token}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(html.status).toBe(403);
    const mine = await t.post(`/staff/deliveries/${nz}/resend?site=nz-motors`, {}, auth);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ id: nz, state: 'pending' });
    const [westRow] = await t.rows<{ state: string }>(
      `SELECT state FROM lead_deliveries WHERE id = ${west}`,
    );
    expect(westRow.state).toBe('failed');

    const listed = await script(t, 'list');
    expect(listed.out).toMatch(
      /NZ Motors sales\t-\tnz-motors \(editor\)\tcreated \S+\tlast used 20\S+\tlive/,
    );
  });

  it('keeps no token in clear, and a revoked token opens nothing', async () => {
    const t = await start();
    const made = await script(t, 'create', '--sites', 'nz-motors,au-west', '--name', 'Group');
    const token = made.token!;
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.get('/staff/leads?site=au-west', auth)).status).toBe(200);
    const rows = await t.rows('SELECT * FROM staff_tokens');
    expect(rows).toHaveLength(1);
    const secret = token.split('_').slice(2).join('_');
    expect(JSON.stringify(rows)).not.toContain(secret);

    const revoked = await script(t, 'revoke', String(rows[0].id));
    expect(revoked.code).toBe(0);
    for (const site of ['nz-motors', 'au-west']) {
      const res = await t.get(`/staff/leads?site=${site}`, auth);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: STAFF_TOKEN_REQUIRED });
    }
    expect((await t.get(`/staff/leads.html?site=au-west&token=${token}`)).status).toBe(401);
    expect((await script(t, 'revoke', String(rows[0].id))).code).toBe(1);
    // A token of the right shape naming the row, with another secret, opens nothing either.
    const forged = await script(t, 'create', '--sites', 'au-west', '--name', 'Forged');
    const wrong = `${forged.token!.slice(0, -4)}AAAA`;
    expect(
      (await t.get('/staff/leads?site=au-west', { authorization: `Bearer ${wrong}` })).status,
    ).toBe(401);
  });

  it("keeps FORECOURT_STAFF_TOKEN as the operators' token, and --all-sites makes another", async () => {
    const operator = 'operators-token-0123456789abcdef';
    const t = await start({ staffToken: undefined, env: { FORECOURT_STAFF_TOKEN: operator } });
    for (const site of ['nz-motors', 'au-west', 'us-motors'])
      expect(
        (await t.get(`/staff/leads?site=${site}`, { authorization: `Bearer ${operator}` })).status,
      ).toBe(200);
    const all = await script(t, 'create', '--all-sites', '--name', 'Platform support');
    for (const site of ['nz-motors', 'us-motors'])
      expect(
        (await t.get(`/staff/leads?site=${site}`, { authorization: `Bearer ${all.token}` })).status,
      ).toBe(200);
  });

  it('writes a last use again only once it is a minute old (a member signs every editor request)', async () => {
    const t = await start();
    const tokens = t.api.store.staffTokens;
    const t0 = new Date('2026-03-01T00:00:00.000Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const { token } = await tokens.create('Busy', ['nz-motors'], t0, {
      roles: { 'nz-motors': 'editor' },
    });
    const lastUsed = async () =>
      (await t.rows<{ last_used_at: string }>('SELECT last_used_at FROM staff_tokens'))[0]
        .last_used_at;
    expect((await tokens.use(token, at(0)))?.lastUsedAt).toBe(at(0).toISOString());
    expect((await tokens.use(token, at(LAST_USED_EVERY_MS - 1)))?.lastUsedAt).toBe(
      at(0).toISOString(),
    );
    expect(await lastUsed()).toBe(at(0).toISOString());
    await tokens.use(token, at(LAST_USED_EVERY_MS));
    expect(await lastUsed()).toBe(at(LAST_USED_EVERY_MS).toISOString());
  });

  describe('the script', () => {
    it('refuses unknown sites and usage mistakes', async () => {
      const t = await start();
      const unknown = await script(t, 'create', '--sites', 'nowhere', '--name', 'X');
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('There is no site "nowhere"');
      const noName = await script(t, 'create', '--sites', 'nz-motors');
      expect(noName.code).toBe(2);
      expect(noName.err).toContain(USAGE);
      expect((await script(t, 'revoke', 'x')).code).toBe(2);
      expect((await script(t, 'list')).out).toBe('No staff tokens.\n');
      const role = await script(
        t,
        'create',
        '--sites',
        'nz-motors',
        '--name',
        'X',
        '--role',
        'boss',
      );
      expect(role.code).toBe(2);
      expect(role.err).toContain('--role is editor or publisher.');
      const siteRole = await script(t, 'create', '--sites', 'nz-motors:owner', '--name', 'X');
      expect(siteRole.code).toBe(2);
      const email = await script(
        t,
        'create',
        '--sites',
        'nz-motors',
        '--name',
        'X',
        '--email',
        'x',
      );
      expect(email.code).toBe(2);
      expect(email.err).toContain('"x" is not an email address.');
    });

    it("keeps a member's name, email and role per site; a token made before roles publishes its sites", async () => {
      const t = await start();
      const made = await script(
        t,
        ...['create', '--sites', 'nz-motors:publisher,au-west', '--role', 'editor'],
        ...['--name', 'Robin Roles', '--email', 'robin@dealer.example'],
      );
      expect(made.code, made.err).toBe(0);
      expect(made.out).toContain(
        'of "Robin Roles" <robin@dealer.example> for nz-motors (publisher), au-west (editor)',
      );
      const all = await script(t, 'create', '--all-sites', '--name', 'Ops', '--role', 'publisher');
      expect(all.out).toContain('for every site (publisher)');
      // As migration 005 made them, before members had roles.
      await t.rows(
        `INSERT INTO staff_tokens (name, token_hash, sites, created_at) VALUES ('Old hand', '', '["au-west"]', '2026-01-01T00:00:00.000Z') RETURNING id`,
      );
      const listed = (await script(t, 'list')).out.split('\n');
      expect(listed[0]).toContain(
        'Robin Roles\trobin@dealer.example\tnz-motors (publisher), au-west (editor)\t',
      );
      expect(listed[1]).toContain('Ops\t-\tevery site (publisher)\t');
      expect(listed[2]).toContain('Old hand\t-\tau-west (publisher)\t');
    });
  });
});
