/**
 * What the saved searches and their alerts keep (docs/api.md, "Saved searches and alerts"),
 * as one interface with a SQLite (saved-searches.ts) and a PostgreSQL (postgres/saved-searches.ts)
 * implementation, like the rest of the store (types.ts).
 */
import type { AlertFrequency, SavedSearchParams } from '../../../schemas/types.gen.ts';

export interface NewSavedSearch {
  site: string;
  /** The session's phone key (regional.ts, phoneKey). */
  phone: string;
  email: string;
  frequency: AlertFrequency;
  url: string;
  label: string;
  params: SavedSearchParams;
  createdAt: string;
}

export interface SavedSearchRow extends NewSavedSearch {
  id: number;
}

/**
 * A car as the last alert run saw it: price and whether it was sold; for a car someone with a
 * saved search watches, also its title and page, so it can be told after it is gone.
 */
export type SeenCar = [price: number | null, sold: boolean, title?: string, path?: string];

export interface SeenStock {
  cars: Record<string, SeenCar>;
  /** Changes at each run: a run records only over the stock it read. */
  version: string;
}

/** One line of an alert email, with what the email shows of the car (taken when it was found). */
export interface AlertItem {
  /** `gone`: left the stock without being seen sold (docs/api.md, "Saved searches and alerts"). */
  kind: 'new' | 'price-drop' | 'sold' | 'gone';
  carId: number | string;
  title: string;
  price: number | null;
  oldPrice?: number | null;
  /** The car page's path inside the site. */
  path: string;
  /** The saved search it matched (new cars). */
  search?: { label: string; url: string };
}

export interface NewAlertEmail {
  email: string;
  frequency: AlertFrequency;
  items: AlertItem[];
}

export interface ClaimedAlertEmail extends NewAlertEmail {
  id: number;
  site: string;
  attempts: number;
  createdAt: string;
  claim: string;
}

export type AlertEmailOutcome =
  | { state: 'sent' }
  | { state: 'pending'; error: string; dueAt: string }
  | { state: 'failed'; error: string };

export interface SavedSearchStore {
  create(search: NewSavedSearch): Promise<number>;
  /** The owner's, newest first. */
  list(site: string, phone: string): Promise<SavedSearchRow[]>;
  /** Removes one of the owner's (another owner's id changes nothing). */
  remove(site: string, phone: string, id: number): Promise<void>;
  ofSite(site: string): Promise<SavedSearchRow[]>;
  /** Removes every saved search sending to this address on the site; answers how many. */
  unsubscribe(site: string, email: string): Promise<number>;
  seen(site: string): Promise<SeenStock | undefined>;
  /**
   * Replaces the site's seen stock and queues the run's emails in one transaction, only if
   * the seen stock is still at `version` (undefined: none kept); false when another run
   * recorded first. A daily email joins the address's digest still waiting, or opens one
   * due `digestDelayMs` from now.
   */
  recordRun(
    site: string,
    version: string | undefined,
    cars: Record<string, SeenCar>,
    emails: NewAlertEmail[],
    now: Date,
    digestDelayMs: number,
  ): Promise<boolean>;
  /** Claims due emails whose lease (if any) has run out, for `leaseMs`. */
  claimEmails(now: Date, leaseMs: number, limit: number): Promise<ClaimedAlertEmail[]>;
  /** Records the outcome if the claim is still the row's. */
  recordEmail(id: number, claim: string, outcome: AlertEmailOutcome, now: Date): Promise<void>;
}
