/**
 * One cache story across servers (docs/deploy.md, "Caching"): with PostgreSQL, a server that
 * publishes a site says so on a channel every server listens on (NOTIFY, delivered once
 * committed), and a stock import says so in the transaction that replaces the dealership's
 * stock (engine/inventory/stock-postgres.ts); each server then brings in the published branch
 * at once (and so drops that site's kept pages) or reloads that dealership's stock from the
 * database. Without PostgreSQL there is no channel: the periodic git sync and each server's
 * own stock-folder watch stay.
 */
import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { announce, SITES_CHANNEL, type SiteSignal } from '../api/store/postgres/channel.ts';

export { SITES_CHANNEL, type SiteSignal };

export interface SiteSignalHandlers {
  /** Another server published: bring in the published branch now. */
  published(slugs: string[]): Promise<void> | void;
  /** A dealership's stock changed (slugs: dealerships; empty: any may have, after a reconnect). */
  stock(slugs: string[]): Promise<void> | void;
}

export class SiteSignals {
  /** Names this server's announcements, so it does not act on its own. */
  readonly id = randomUUID();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly sql: Sql | undefined,
    private readonly handlers: SiteSignalHandlers,
    private readonly log: Pick<Console, 'error'> = console,
  ) {}

  /**
   * Listens (with PostgreSQL). Each time the listening connection is made again,
   * announcements made while it was down are lost: both handlers run then, for every site.
   */
  async start(): Promise<this> {
    if (!this.sql) return this;
    let first = true;
    const { unlisten } = await this.sql.listen(
      SITES_CHANNEL,
      (payload) => this.received(payload),
      () => {
        if (!first) void this.run({ from: '', kind: 'published', slugs: [] });
        if (!first) void this.run({ from: '', kind: 'stock', slugs: [] });
        first = false;
      },
    );
    this.unlisten = unlisten;
    return this;
  }

  async stop() {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => undefined);
  }

  /** A publish here: every other server brings it in now. */
  published(slugs: string[]): Promise<void> {
    return this.send('published', slugs);
  }

  /** Stock changed here outside the stock store (which announces its own imports): every other server reloads these dealerships. */
  stockChanged(slugs: string[] = []): Promise<void> {
    return this.send('stock', slugs);
  }

  private async send(kind: SiteSignal['kind'], slugs: string[]) {
    if (!this.sql) return;
    const signal: SiteSignal = { from: this.id, kind, slugs };
    // Said after the change is stored: a lost announcement only waits for the periodic sync.
    await announce(this.sql, signal).catch((err: Error) =>
      this.log.error(`[forecourt] a ${kind} change was not announced`, err),
    );
  }

  private received(payload: string) {
    let signal: SiteSignal;
    try {
      signal = JSON.parse(payload) as SiteSignal;
    } catch {
      return;
    }
    if (signal.from === this.id || (signal.kind !== 'published' && signal.kind !== 'stock')) return;
    void this.run(signal);
  }

  private async run(signal: SiteSignal) {
    try {
      await this.handlers[signal.kind](Array.isArray(signal.slugs) ? signal.slugs : []);
    } catch (err) {
      this.log.error(`[forecourt] a ${signal.kind} change from another server was not taken`, err);
    }
  }
}
