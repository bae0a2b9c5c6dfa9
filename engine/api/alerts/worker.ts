/**
 * The saved-search alerts on the platform's job queue (docs/api.md, "Saved searches and
 * alerts"; docs/deploy.md, "Background jobs"). ALERT_RUN_JOB, sent for each site whose stock
 * a reload changed (an import or a feed pull committed) and once for a site when a search is
 * saved there, compares the site's cars with what the last run saw and writes the emails to the
 * alert outbox in the same transaction (find.ts). ALERT_SEND_JOB, on a schedule and nudged
 * after a run, sends the due emails as the lead outbox does (delivery/worker.ts): claimed for a
 * lease, sent through the same mail transport with a stable Message-ID, recorded after; a
 * failure is tried again with back-off for 72 hours. Nothing here runs in a request.
 */
import uniq from 'lodash-es/uniq.js';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { siteAddress } from '../delivery/facts.ts';
import { mailSender, type MailTransport } from '../delivery/mail.ts';
import { backoffMs, DELIVERY_DEFAULTS } from '../delivery/worker.ts';
import type { SiteLookup } from '../options.ts';
import type { AlertEmailOutcome, ClaimedAlertEmail } from '../store/saved-search-types.ts';
import type { Store } from '../store/types.ts';
import { alertEmail } from './email.ts';
import { alertEmails, seenOf, stockChanges, type AlertStock } from './find.ts';
import type { UnsubscribeTokens } from './unsubscribe.ts';

export const ALERT_RUN_JOB = 'saved-search-alerts';
export const ALERT_SEND_JOB = 'alert-email-sweep';

export const ALERT_DEFAULTS = {
  ...DELIVERY_DEFAULTS,
  /** A daily digest is sent this long after its first item. */
  digestDelayMs: 24 * 60 * 60_000,
};

export type AlertTuning = Partial<typeof ALERT_DEFAULTS>;

export interface AlertWorkerOptions {
  store: Store;
  sites: SiteLookup;
  /** Without it no run finds anything (an API without the server's stock). */
  stock?: AlertStock;
  transport: MailTransport;
  /** FORECOURT_MAIL_FROM. */
  from?: string;
  clock: Clock;
  jobs: JobQueue;
  tokens: UnsubscribeTokens;
  publicOrigin?: string;
  messageDomain?: string;
  tuning?: AlertTuning;
  random?: () => number;
  log: Pick<Console, 'error'>;
}

/** Where the site's API answers, for the unsubscribe link. */
function apiAddress(site: { slug: string; hostnames?: string[] }, publicOrigin?: string) {
  if (publicOrigin) return `${publicOrigin.replace(/\/+$/, '')}/api`;
  return `https://${site.hostnames?.[0] ?? 'forecourt.local'}/api`;
}

export class AlertWorker {
  private readonly t: typeof ALERT_DEFAULTS;
  private stopped = true;
  private turn: Promise<void> = Promise.resolve();

  /** The unsubscribe links' tokens (routes/saved-searches.ts reads them). */
  get tokens() {
    return this.o.tokens;
  }

  constructor(private readonly o: AlertWorkerOptions) {
    this.t = { ...ALERT_DEFAULTS, ...o.tuning };
  }

  async start() {
    this.stopped = false;
    const expireInSeconds = Math.ceil(this.t.leaseMs / 1000);
    await this.o.jobs.work<{ site: string }>(ALERT_RUN_JOB, ({ site }) => this.run(site), {
      expireInSeconds,
    });
    await this.o.jobs.schedule(ALERT_SEND_JOB, this.t.pollMs, () => this.sendDue(), {
      expireInSeconds,
    });
  }

  stop() {
    this.stopped = true;
  }

  /** These sites' stock changed (or a search was saved there): a run for each, never awaited by a request. */
  stockChanged(sites: readonly string[]) {
    if (this.stopped) return;
    for (const site of uniq(sites))
      this.o.jobs
        .send(ALERT_RUN_JOB, { site })
        .catch((err: unknown) =>
          this.o.log.error('[forecourt] alerts: the job could not be enqueued', err),
        );
  }

  /** One run of a site: what changed since the last, the emails it makes, recorded together. */
  async run(slug: string) {
    const entry = this.o.sites.get(slug);
    if (!entry?.ok || !this.o.stock) return;
    const site = entry.site;
    const store = this.o.store;
    const seen = await store.savedSearches.seen(slug);
    const cars = this.o.stock.cars(site);
    const now = this.o.clock.now();
    let emails: Awaited<ReturnType<typeof alertEmails>> = [];
    // Watched cars are read on every run: the first one too keeps their titles (find.ts, seenOf).
    const searches = await store.savedSearches.ofSite(slug);
    const phones = uniq(searches.map((s) => s.phone));
    const watched = new Map(
      await Promise.all(
        phones.map(
          async (p) => [p, new Set((await store.watchlist.list(slug, p)).map(String))] as const,
        ),
      ),
    );
    if (seen) {
      emails = await alertEmails({
        stock: this.o.stock,
        site,
        changes: stockChanges(cars, seen.cars),
        searches,
        watched,
        now: now.getTime(),
      });
    }
    const recorded = await store.savedSearches.recordRun(
      slug,
      seen?.version,
      seenOf(cars, new Set([...watched.values()].flatMap((ids) => [...ids]))),
      emails,
      now,
      this.t.digestDelayMs,
    );
    if (recorded && emails.some((e) => e.frequency === 'instant')) this.nudge();
  }

  private nudge() {
    if (this.stopped) return;
    this.o.jobs
      .send(ALERT_SEND_JOB)
      .catch((err: unknown) =>
        this.o.log.error('[forecourt] alerts: the send job could not be enqueued', err),
      );
  }

  /** Sends every due email, one run at a time on this server (as the lead worker does). */
  sendDue(): Promise<void> {
    const run = this.turn.then(() => this.drain());
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async drain() {
    for (;;) {
      const rows = await this.o.store.savedSearches.claimEmails(
        this.o.clock.now(),
        this.t.leaseMs,
        this.t.batch,
      );
      await Promise.all(rows.map((row) => this.deliver(row)));
      if (rows.length < this.t.batch || this.stopped) return;
    }
  }

  private async deliver(row: ClaimedAlertEmail) {
    let outcome: AlertEmailOutcome;
    try {
      await this.send(row);
      outcome = { state: 'sent' };
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'failed';
      const now = this.o.clock.now().getTime();
      const next = now + backoffMs(row.attempts, (this.o.random ?? Math.random)(), this.t);
      outcome =
        next - Date.parse(row.createdAt) > this.t.giveUpAfterMs
          ? { state: 'failed', error }
          : { state: 'pending', error, dueAt: new Date(next).toISOString() };
    }
    // A failure to record leaves the lease to run out, and the email is sent again: at least once.
    await this.o.store.savedSearches
      .recordEmail(row.id, row.claim, outcome, this.o.clock.now())
      .catch((err: unknown) =>
        this.o.log.error(`[forecourt] alert email ${row.id}: could not record the outcome`, err),
      );
  }

  private async send(row: ClaimedAlertEmail) {
    const entry = this.o.sites.get(row.site);
    if (!entry?.ok) throw new Error(`Site ${row.site} is not being served right now.`);
    const site = entry.site;
    const token = this.o.tokens.make({ site: site.slug, email: row.email });
    const unsubscribe = `${apiAddress(site, this.o.publicOrigin)}/saved-searches/unsubscribe?token=${token}`;
    await this.o.transport.send({
      ...alertEmail(row, site, siteAddress(site, this.o.publicOrigin), unsubscribe),
      from: mailSender(site, this.o.from),
      to: row.email,
      messageId: `<alert-${row.id}.${site.slug}@${this.o.messageDomain ?? 'forecourt.local'}>`,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }
}
