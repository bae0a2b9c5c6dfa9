/**
 * What the local API keeps, as one interface with two implementations (docs/api.md,
 * "Storage"): SQLite in the data folder, the embedded default (store/sqlite.ts), and
 * PostgreSQL when DATABASE_URL is set (store/postgres/), which several servers share.
 * Every method is async so that the routes are written once for both.
 */
import type {
  Deposit,
  LeadDelivery,
  Reservation,
  StoredLead,
  Valuation,
} from '../../../schemas/types.gen.ts';
import type { RateCounter, RateLimitOptions } from '../rate-limit.ts';
import type { SignInCodeStore } from './sign-in-codes.ts';
import type { StaffTokenStore } from './staff-tokens.ts';
import type { FeedPullStore } from './feed-pulls.ts';
import type { SavedSearchStore } from './saved-search-types.ts';

export interface NewLead {
  site: string;
  submissionId: string;
  kind: StoredLead['kind'];
  formId?: string;
  isLastStep: boolean;
  category?: string;
  subcategory?: string;
  name?: string;
  email?: string;
  phone?: string;
  message?: string;
  carId?: number | string;
  dealershipSlug?: string;
  /** The analytics event id the page pushed for this lead (docs/forms.md, "Analytics"). */
  eventId?: number;
  /** The request as received (captcha answer removed). */
  payload: Record<string, unknown>;
  visitedPages: string[];
  queryParams: Record<string, string>;
}

/** A captcha answer to mark used in the lead's transaction (each token works once). */
export interface CaptchaUse {
  nonce: string;
  expiresAtMs: number;
  nowMs: number;
}

/** The hold a reservation puts on its car, written in its lead's transaction. */
export interface NewHold {
  site: string;
  carId: number | string;
  stockNumber: string | null;
  amount: number;
  currency: Deposit['currency'];
  provider: string;
  createdAt: string;
  heldUntil: string;
}

export interface CreateLeadOptions {
  createdAt: string;
  /** Marked used before any row is written; CaptchaUsedError when it already was. */
  captcha?: CaptchaUse;
  /** A reservation's hold on its car; CarHeldError when the car is held already. */
  hold?: NewHold;
  /** Runs inside the transaction after the lead row, before its attributes (a test seam: throwing rolls the lead back). */
  afterLeadRow?: (leadId: number) => void;
  /** The lead's outbox rows (docs/leads.md), written in its transaction: one per destination. */
  deliveries?: NewDelivery[];
}

/** One destination of a lead, as the routing planned it (delivery/plan.ts). */
export interface NewDelivery {
  channel: LeadDelivery['channel'];
  /** An email address or a URL. */
  target: string;
  /** A webhook's signing secret: the name of the server setting that holds it. */
  secretEnv?: string;
  /** The lead's kind (defs.schema.json#/$defs/leadKind). */
  kind: string;
  /** The location the lead was routed to. */
  location?: string;
}

/** An outbox row a worker has claimed: its own until `leaseUntil`, recorded with `claim`. */
export interface ClaimedDelivery extends Required<Omit<NewDelivery, 'secretEnv' | 'location'>> {
  id: number;
  leadId: number;
  secretEnv: string | null;
  location: string | null;
  attempts: number;
  retryFrom: string;
  claim: string;
}

/** What happened to a claimed delivery. */
export type DeliveryOutcome =
  | { state: 'delivered' }
  | { state: 'pending'; error: string; nextAttemptAt: string }
  | { state: 'failed' | 'dead'; error: string };

/**
 * The lead outbox (docs/leads.md, "Delivery"): rows claimed for a lease (on PostgreSQL with
 * FOR UPDATE SKIP LOCKED, so two servers never claim one row at once), then recorded.
 */
export interface DeliveryStore {
  /** Claims up to `limit` pending rows due by `now` whose lease (if any) has run out. */
  /** Claims due rows (of one lead, when given). */
  claim(now: Date, leaseMs: number, limit: number, leadId?: number): Promise<ClaimedDelivery[]>;
  /** Records the outcome, if the claim is still the row's (a lease that ran out may have passed it on). */
  record(id: number, claim: string, outcome: DeliveryOutcome, now: Date): Promise<void>;
  /** Sends a failed or dead delivery again, now, with a new 72-hour window; false when there is none such on the site. */
  resend(site: string, id: number, now: Date): Promise<boolean>;
  /** Counts by state, for the start-up note. */
  counts(): Promise<Record<LeadDelivery['state'], number>>;
}

export interface LeadStore {
  findBySubmission(site: string, submissionId: string): Promise<number | undefined>;
  /**
   * Stores the lead with its visited pages, query parameters, captcha use and hold in one
   * transaction, or finds the lead already stored for this submission.
   */
  create(lead: NewLead, options: CreateLeadOptions): Promise<{ leadId: number; created: boolean }>;
  get(id: number): Promise<StoredLead | undefined>;
  siteOf(id: number): Promise<string | undefined>;
  /** Newest first; `before` is the id to page back from. */
  list(
    site: string,
    limit: number,
    before?: number,
  ): Promise<{ leads: StoredLead[]; nextBefore: number | null }>;
  /** Takes a lead back out, with everything stored with it (a reservation whose deposit could not be set up). */
  remove(id: number): Promise<void>;
  count(site: string): Promise<number>;
  addEvent(
    leadId: number,
    type: string,
    data: object,
    createdAt: string,
    status?: { status: StoredLead['status']; subcategory?: string; eventId?: number },
  ): Promise<void>;
}

/** A car held now, and until when. */
export interface HeldCar {
  car_id: number | string;
  held_until: string;
}

export interface ReservationStore {
  /** The open hold on a car (possibly past its time until the release job has run). */
  openHold(carId: number | string): Promise<(HeldCar & { lead_id: number }) | undefined>;
  /** Every car held now, soonest released first. */
  held(): Promise<HeldCar[]>;
  /** Ends every hold whose time is up; answers how many ended. */
  releaseExpired(now: Date): Promise<number>;
  recordPayment(
    leadId: number,
    result: Pick<Deposit, 'status' | 'reference' | 'instructions'>,
  ): Promise<void>;
  get(leadId: number): Promise<Reservation | undefined>;
}

/** Small records with no lead of their own: phone reveals and data saved by /miscellaneous. */
export interface RecordStore {
  phoneReveal(
    site: string,
    carId: number | string,
    dealershipId: number | undefined,
    createdAt: string,
  ): Promise<void>;
  phoneReveals(site: string, carId: number | string): Promise<number>;
  siteRecord(site: string, column: string, value: unknown, createdAt: string): Promise<number>;
}

/** A review a site starts with. */
export interface SeedReview {
  customer_name: string;
  rating: number;
  text: string | null;
  /** yyyy-mm-dd */
  review_date: string;
  hidden: boolean;
}

export interface ReviewRow {
  id: number;
  customer_name: string;
  rating: number;
  text: string | null;
  review_date: string;
}

export interface ReviewStore {
  /** Seeds a site once; later starts leave its reviews (and any edits) alone. */
  seedIfEmpty(site: string, reviews: () => SeedReview[]): Promise<boolean>;
  summary(site: string): Promise<{ count: number; average: number }>;
  list(site: string, limit: number): Promise<ReviewRow[]>;
}

export interface SessionRecord {
  phone: string;
  site: string;
  expiresAt: string;
}

export interface SessionStore {
  create(phone: string, site: string, now: Date): Promise<{ token: string; expiresAt: string }>;
  find(token: string, now: Date): Promise<SessionRecord | undefined>;
  remove(token: string): Promise<void>;
}

export interface ValuationStore {
  insert(v: Valuation): Promise<void>;
  update(v: Valuation): Promise<void>;
  get(id: string): Promise<Valuation | undefined>;
}

/** Saved cars per site and phone number (the number is phoneKey(), see regional.ts; both come from the session). */
export interface WatchlistStore {
  /** Saving twice is fine (the car stays saved once). */
  save(site: string, phone: string, carId: number | string, createdAt: string): Promise<void>;
  remove(site: string, phone: string, carId: number | string): Promise<void>;
  list(site: string, phone: string): Promise<(number | string)[]>;
}

export interface Store {
  kind: 'sqlite' | 'postgres';
  /** Where the data is, for start-up notes (a file, or the database's host and name without the password). */
  where: string;
  leads: LeadStore;
  reservations: ReservationStore;
  records: RecordStore;
  reviews: ReviewStore;
  sessions: SessionStore;
  valuations: ValuationStore;
  watchlist: WatchlistStore;
  /** Saved searches and the alert outbox (store/saved-search-types.ts). */
  savedSearches: SavedSearchStore;
  deliveries: DeliveryStore;
  /** Staff tokens scoped to sites (store/staff-tokens.ts). */
  staffTokens: StaffTokenStore;
  /** One-time sign-in codes (store/sign-in-codes.ts). */
  signInCodes: SignInCodeStore;
  /** The scheduled stock-feed pulls' last results (store/feed-pulls.ts). */
  feedPulls: FeedPullStore;
  /** A value generated once and kept (captcha key, lead secret key, generated staff token); every server sharing the store reads the same. */
  setting(key: string, make?: () => string): Promise<string>;
  /**
   * A request counter per key and window: in memory for SQLite (one process), in the
   * database for PostgreSQL, so that servers sharing it count together. `scope` keeps
   * counters of different limits apart.
   */
  rateCounter(scope: string, options: RateLimitOptions, clock: () => number): RateCounter;
  close(): Promise<void>;
}

/** A captcha token answered before (a replay). */
export class CaptchaUsedError extends Error {
  override name = 'CaptchaUsedError';
}

/** The car already has an open hold (another reservation got there first). */
export class CarHeldError extends Error {
  override name = 'CarHeldError';
}
