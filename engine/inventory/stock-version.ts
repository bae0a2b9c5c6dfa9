/**
 * What the served stock is at: a number that moves whenever something a page shows of the
 * stock may have changed — a stock reload (an import, a watched stock file, the hourly drop
 * of expired sold cars, a new site's cars) or a reservation hold starting or ending. The
 * page render cache keys stock-showing pages by it (docs/deploy.md, "Caching"): a page of
 * one site by that site's version, which a reload of another site's dealerships leaves
 * alone; a page that searched every site's figures (the directories) by the whole number.
 */
export class StockVersion {
  private current = 0;
  /** The last change of every site's stock. */
  private everySite = 0;
  private readonly bySite = new Map<string, number>();

  /** The whole number: it moves on every change of any site's stock. */
  get value(): number {
    return this.current;
  }

  /** A site's version: it moves when that site's stock, or every site's, changes. */
  of(site: string): number {
    return Math.max(this.everySite, this.bySite.get(site) ?? 0);
  }

  /** Something shown of the stock changed: of these sites only, or (none given) of any. */
  bump(sites?: Iterable<string>): void {
    this.current++;
    if (!sites) this.everySite = this.current;
    else for (const site of sites) this.bySite.set(site, this.current);
  }
}
