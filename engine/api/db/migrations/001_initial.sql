-- Forecourt local API, first schema. Times are ISO 8601 UTC strings (sortable as text).

-- One row per stored submission. (site, submission_id) is unique so that a retried
-- submit finds the lead it already stored instead of storing a second one.
CREATE TABLE leads (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  site            TEXT    NOT NULL,
  submission_id   TEXT    NOT NULL,
  kind            TEXT    NOT NULL CHECK (kind IN ('lead', 'form')),
  form_id         TEXT,
  status          TEXT    NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'offer_accepted', 'offer_declined')),
  is_last_step    INTEGER NOT NULL DEFAULT 1 CHECK (is_last_step IN (0, 1)),
  category        TEXT,
  subcategory     TEXT,
  name            TEXT,
  email           TEXT,
  phone           TEXT,
  message         TEXT,
  car_id          INTEGER, -- integer affinity: numeric ids become integers, feed keys stay text
  dealership_slug TEXT,
  payload         TEXT    NOT NULL CHECK (json_valid(payload)),
  created_at      TEXT    NOT NULL,
  UNIQUE (site, submission_id)
);
CREATE INDEX leads_by_site_newest ON leads (site, id DESC);

CREATE TABLE lead_visited_pages (
  lead_id  INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  url      TEXT    NOT NULL,
  PRIMARY KEY (lead_id, position)
);

CREATE TABLE lead_query_params (
  lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  name    TEXT    NOT NULL,
  value   TEXT    NOT NULL,
  PRIMARY KEY (lead_id, name)
);

-- What happened to a lead later: offer accepted or declined, valuation saved.
CREATE TABLE lead_events (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id    INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  type       TEXT    NOT NULL,
  data       TEXT    NOT NULL CHECK (json_valid(data)),
  created_at TEXT    NOT NULL
);
CREATE INDEX lead_events_by_lead ON lead_events (lead_id, id);

-- Data saved through POST /api/miscellaneous without a lead.
CREATE TABLE site_records (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  site        TEXT NOT NULL,
  column_name TEXT NOT NULL,
  value       TEXT NOT NULL CHECK (json_valid(value)),
  created_at  TEXT NOT NULL
);

CREATE TABLE watchlist (
  phone      TEXT    NOT NULL,
  car_id     INTEGER NOT NULL,
  created_at TEXT    NOT NULL,
  PRIMARY KEY (phone, car_id)
) WITHOUT ROWID;

CREATE TABLE phone_reveals (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  site          TEXT    NOT NULL,
  car_id        INTEGER NOT NULL,
  dealership_id INTEGER,
  created_at    TEXT    NOT NULL
);
CREATE INDEX phone_reveals_by_car ON phone_reveals (site, car_id);

CREATE TABLE valuations (
  id          TEXT PRIMARY KEY,
  site        TEXT NOT NULL,
  lead_id     INTEGER REFERENCES leads (id) ON DELETE SET NULL,
  vehicle     TEXT NOT NULL CHECK (json_valid(vehicle)),
  adjustments TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(adjustments)),
  eligible    INTEGER NOT NULL CHECK (eligible IN (0, 1)),
  reason      TEXT,
  estimate    TEXT CHECK (estimate IS NULL OR json_valid(estimate)),
  offer_price INTEGER,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);

-- Only a hash of each session token is kept, so a copy of the database signs nobody in.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  phone      TEXT NOT NULL,
  site       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE reviews (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  site          TEXT    NOT NULL,
  customer_name TEXT    NOT NULL,
  rating        INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text          TEXT,
  review_date   TEXT    NOT NULL, -- yyyy-mm-dd
  hidden        INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1))
);
CREATE INDEX reviews_by_site ON reviews (site, review_date DESC);

-- Captcha tokens already answered (each works once), until they expire anyway.
CREATE TABLE captcha_used (
  nonce      TEXT    PRIMARY KEY,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Secrets generated on first start (captcha signing key, generated staff token).
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
