/**
 * What the served stock is at: a number that moves whenever something a page shows of the
 * stock may have changed — a stock reload (an import, a watched stock file, the hourly drop
 * of expired sold cars, a new site's cars) or a reservation hold starting or ending. The
 * page render cache keys stock-showing pages by it (docs/deploy.md, "Caching").
 */
export class StockVersion {
  private current = 0;

  get value(): number {
    return this.current;
  }

  /** Something shown of the stock changed. */
  bump(): void {
    this.current++;
  }
}
