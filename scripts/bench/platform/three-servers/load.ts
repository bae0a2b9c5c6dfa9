/**
 * The three-server run's load (docs/deploy.md, "Three servers under load"): visitors asking
 * for pages, searching and sending leads, and staff saving drafts, every request to the
 * next server in turn (a round-robin load balancer that keeps sending to a dead server until
 * its health check says so). Every request is logged with its time and outcome, so the run
 * can say what failed while a server was killed or the database stopped, and how fast.
 *
 * A lead keeps its submission id over its tries (as a form does: docs/forms.md) and is tried
 * on the next server until it is acknowledged; a draft save is tried on the next server
 * until acknowledged, then the editor carries on from what the server answered.
 */
import { randomUUID } from 'node:crypto';
import { solveCaptchaQuestion } from '../../../../engine/api/adapters/captcha.ts';
import { siteSearchKey } from '../../../../engine/search/public-access.ts';
import { CAR_INDEX } from '../../../../engine/search/car-index.ts';
import { benchLead, type BenchSite } from '../../leads/leads-mix.ts';
import { EDITOR_TOKEN } from './setup.ts';

export type Kind = 'page' | 'search' | 'lead' | 'save';

export interface Logged {
  kind: Kind;
  server: number;
  /** performance.now() at the start, and how long it took, ms. */
  at: number;
  ms: number;
  ok: boolean;
  status: number;
}

export interface AckedSave {
  slug: string;
  n: number;
  version: string;
}

/** The longest one request may take before the run calls it hung. */
export const REQUEST_LIMIT_MS = 15_000;
const PAUSE_MS = 100;
const SEARCHES = ['ford', 'ranger', 'automatic', 'white', ''];
export const SAVED_SITES = ['kiwi-car-yard', 'lakeside-chevrolet'];
const PAGE_SITES = [
  'gold-coast-ford',
  'kiwi-car-yard',
  'lakeside-chevrolet',
  'southern-motor-group',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const staffHeaders = (who = 'Run Editor') => ({
  'content-type': 'application/json',
  authorization: `Bearer ${EDITOR_TOKEN}`,
  'x-forecourt-staff': encodeURIComponent(who),
});

export class Load {
  readonly log: Logged[] = [];
  /** submission id → lead id the sender was told. */
  readonly acknowledgedLeads = new Map<string, number>();
  readonly acknowledgedSaves: AckedSave[] = [];
  /** Leads the API refused (a mistake of the run's, reported). */
  readonly refused: string[] = [];
  private next = 0;
  private stopping = false;
  private readonly loops: Promise<void>[] = [];
  private leadIndex = 0;

  constructor(
    private readonly bases: string[],
    readonly sites: BenchSite[],
  ) {}

  /** The next server in turn. */
  private pick(): number {
    return this.next++ % this.bases.length;
  }

  /** One request to the next server, timed and logged; answers the response's body (or undefined). */
  async request(kind: Kind, path: string, init: RequestInit = {}, server = this.pick()) {
    const at = performance.now();
    let status = 0;
    let body: any;
    try {
      const res = await fetch(this.bases[server] + path, {
        ...init,
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      });
      const text = await res.text();
      body = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
      status = res.status;
    } catch {
      // Refused, cut, timed out, or not whole: status 0.
    }
    const ok = status >= 200 && status < 300;
    this.log.push({ kind, server, at, ms: performance.now() - at, ok, status });
    return { ok, status, body, server };
  }

  start(visitors: number) {
    // Pages and searches apart from leads: a lead is retried until it is acknowledged, and a
    // visitor waiting on it would ask for no page while the database is down.
    for (let v = 0; v < visitors; v++) this.loops.push(this.visitor(), this.leads());
    for (const slug of SAVED_SITES) this.loops.push(this.editor(slug));
  }

  async stop() {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  private async visitor() {
    for (let i = 0; !this.stopping; i++) {
      const site = PAGE_SITES[i % PAGE_SITES.length];
      await this.request('page', `/sites/${site}/`);
      await this.request('search', '/1/indexes/*/queries', {
        method: 'POST',
        headers: { 'x-algolia-api-key': siteSearchKey(site) },
        body: JSON.stringify({
          requests: [{ indexName: CAR_INDEX, query: SEARCHES[i % SEARCHES.length] }],
        }),
      });
      await sleep(PAUSE_MS);
    }
  }

  private async leads() {
    while (!this.stopping) {
      await this.lead();
      await sleep(PAUSE_MS);
    }
  }

  /** A lead, tried on server after server until it is acknowledged or refused; after stop(), still until acknowledged. */
  private async lead() {
    const lead = benchLead(this.leadIndex++, this.sites, new Date());
    const ip = `10.${(lead.index >> 16) & 255}.${(lead.index >> 8) & 255}.${lead.index & 255}`;
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
    for (let tries = 0; tries < 200; tries++) {
      const server = this.pick();
      const challenge = await this.request('lead', '/api/captcha', { headers }, server);
      if (challenge.ok) {
        const captcha = {
          token: challenge.body.token,
          answer: solveCaptchaQuestion(challenge.body.question),
        };
        const sent = await this.request(
          'lead',
          '/api/leads',
          { method: 'POST', headers, body: JSON.stringify({ ...lead.body, captcha }) },
          server,
        );
        if (sent.ok) {
          this.acknowledgedLeads.set(lead.body.submission_id as string, sent.body.lead_id);
          return;
        }
        if (sent.status >= 400 && sent.status < 500 && sent.status !== 429) {
          this.refused.push(`${sent.status} ${JSON.stringify(sent.body).slice(0, 300)}`);
          return;
        }
      }
      await sleep(250);
    }
  }

  /** A staff member saving one site's draft over and over, each save changing its name. */
  private async editor(slug: string) {
    let opened: { document: any; version: string } | undefined;
    for (let n = 1; !this.stopping; n++) {
      for (let tries = 0; !opened && tries < 200; tries++) {
        const read = await this.request('save', `/api/editor/sites/${slug}`, {
          headers: staffHeaders(),
        });
        if (read.ok && read.body?.document)
          opened = { document: read.body.document, version: read.body.version };
        else await sleep(250);
      }
      if (!opened) return;
      const document = {
        ...opened.document,
        name: `${slug} save ${n} ${randomUUID().slice(0, 8)}`,
      };
      const saved = await this.request('save', `/api/editor/sites/${slug}`, {
        method: 'PUT',
        headers: staffHeaders(),
        body: JSON.stringify({ document, baseVersion: opened.version }),
      });
      if (saved.ok) {
        this.acknowledgedSaves.push({ slug, n, version: saved.body.version });
        opened = { document: saved.body.document, version: saved.body.version };
      } else {
        // Not acknowledged: opened again (on the next server) and saved as a new change.
        opened = undefined;
        await sleep(250);
      }
      await sleep(PAUSE_MS);
    }
  }
}
