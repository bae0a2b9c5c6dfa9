/** What the server passes to createApiRouter(). */
import type { Car, Catalogue } from '../../schemas/types.gen.ts';
import type { Clock, FakeClock } from '../clock.ts';
import type { SiteEntry } from '../site/folder.ts';
import type { AdapterSource } from './adapters/index.ts';
import type { AlertStock } from './alerts/find.ts';
import type { AlertTuning } from './alerts/worker.ts';
import type { DeliveryOptions } from './delivery/start.ts';
import type { RateLimitOptions } from './rate-limit.ts';
import type { HeldCarsListener } from './reservations/holds.ts';
import type { ReviewSeeder } from './store/reviews.ts';

/** The parts of the server's SiteStore (engine/server/sites.ts) the API reads. */
export interface SiteLookup {
  get(slug: string): SiteEntry | undefined;
  all(): SiteEntry[];
  readonly catalogue: Catalogue;
}

export type CarSource<K> = (key: K, site?: string) => Car | undefined | Promise<Car | undefined>;

export interface ApiHooks {
  /**
   * Runs inside the lead transaction after the lead row is written and before its
   * visited pages and query parameters are. Throwing rolls the whole lead back; the
   * tests use it to prove that nothing half-written is ever kept.
   */
  afterLeadRow?: (leadId: number) => void;
}

export interface ApiRouterOptions {
  /** The site documents (the server's SiteStore). */
  sites: SiteLookup;
  /** Folder holding forecourt.db, created if missing. The server passes defaultDataDir(root). */
  dataDir: string;
  /**
   * A PostgreSQL connection string (the server passes DATABASE_URL): the store is that
   * database instead of forecourt.db, shared by every server given it (docs/api.md, "Storage").
   */
  databaseUrl?: string;
  /**
   * Bearer token of the staff view. Default: FORECOURT_STAFF_TOKEN, else one generated
   * on the first start, kept in the database and printed at every start.
   */
  staffToken?: string;
  /** The clock (tests move it). */
  now?: () => Date;
  /**
   * The clock that also schedules the reservation release job (engine/clock.ts); default
   * real time, or `now` with real-time scheduling.
   */
  clock?: Clock;
  /**
   * Test servers only (FORECOURT_TEST_CLOCK=1, docs/api.md "Reservations"): the fake clock
   * that POST /api/test/clock moves. Never set in production: without it that route does not exist.
   */
  testClock?: FakeClock;
  /** Told which cars are held by reservations: at start-up and whenever that changes (the server marks them reserved). */
  onHeldCarsChanged?: HeldCarsListener;
  /** A car by id, for GET /api/cars/{id}; without it that route answers 404. */
  getCar?: CarSource<number>;
  /** A car by slug, for GET /api/cars/{slug}/pdf; without it that route answers 404. */
  getCarBySlug?: CarSource<string>;
  /**
   * Replace any of the local geocoder (no postcode table), rego registry (finds no plate),
   * valuer and captcha: a set, or a function making them from the catalogue.
   */
  adapters?: AdapterSource;
  /** The reviews a site starts with, seeded the first time its reviews are asked for. Without it a site starts with none. */
  seedReviews?: ReviewSeeder;
  /** Per client, site and endpoint on lead endpoints; default 20 a minute. false turns it off. */
  rateLimit?: RateLimitOptions | false;
  /** Largest JSON body accepted (bytes or "64kb"); larger ones get 413. Default 64kb. */
  jsonLimit?: string | number;
  hooks?: ApiHooks;
  /**
   * The stock the saved-search alerts compare and search (docs/api.md, "Saved searches and
   * alerts"); without it an alert run finds nothing.
   */
  alertStock?: AlertStock;
  /** The alert worker's timings (tests). */
  alertTuning?: AlertTuning;
  /** Lead delivery (docs/leads.md): channels to add or replace, the worker's timings. */
  delivery?: DeliveryOptions;
  /** Where start-up notes and failures go. Default console. */
  log?: Pick<Console, 'log' | 'warn' | 'error'>;
  /** Environment read for FORECOURT_STAFF_TOKEN, FORECOURT_SMTP_URL, FORECOURT_MAIL_FROM and FORECOURT_PUBLIC_ORIGIN. Default process.env. */
  env?: NodeJS.ProcessEnv;
}
