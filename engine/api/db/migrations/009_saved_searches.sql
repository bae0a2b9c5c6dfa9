-- Saved searches and their alerts (docs/api.md, "Saved searches and alerts"). A saved search is
-- one signed-in visitor's (site and phone, from the session) with the email address alerts go to.
CREATE TABLE saved_searches (
  id         INTEGER PRIMARY KEY,
  site       TEXT    NOT NULL,
  phone      TEXT    NOT NULL,
  email      TEXT    NOT NULL,
  frequency  TEXT    NOT NULL CHECK (frequency IN ('instant', 'daily')),
  url        TEXT    NOT NULL,
  label      TEXT    NOT NULL,
  params     TEXT    NOT NULL, -- JSON: the engine's search parameters
  created_at TEXT    NOT NULL
);
CREATE INDEX saved_searches_by_owner ON saved_searches (site, phone, id DESC);
CREATE INDEX saved_searches_by_email ON saved_searches (site, email);

-- What the last alert run of a site saw (car id → price and sold), so the next finds new cars,
-- price drops and sales; replaced only if unchanged since it was read (two servers run once).
CREATE TABLE alert_stock (
  site       TEXT PRIMARY KEY,
  cars       TEXT NOT NULL, -- JSON
  version    TEXT NOT NULL, -- a new random value at each run: the compare-and-swap
  updated_at TEXT NOT NULL
);

-- The alert outbox: one email per row, written before it is sent, sent at least once with the
-- Message-ID of its id. A daily digest is a row due a day after it was opened that later runs
-- add their items to until it is claimed.
CREATE TABLE alert_emails (
  id           INTEGER PRIMARY KEY,
  site         TEXT    NOT NULL,
  email        TEXT    NOT NULL,
  frequency    TEXT    NOT NULL CHECK (frequency IN ('instant', 'daily')),
  items        TEXT    NOT NULL, -- JSON
  state        TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts     INTEGER NOT NULL DEFAULT 0,
  created_at   TEXT    NOT NULL,
  due_at       TEXT    NOT NULL,
  lease_until  TEXT,
  claim        TEXT,
  sent_at      TEXT,
  last_error   TEXT
);
CREATE INDEX alert_emails_due ON alert_emails (due_at) WHERE state = 'pending';
