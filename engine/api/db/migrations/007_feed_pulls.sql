-- Scheduled stock-feed pulls (store/feed-pulls.ts; docs/cars.md, "Scheduled feed pulls"): the
-- last pull of each configured feed, what it did or why it failed, and when the next is due.
-- A feed's address and credentials are never kept here (they are the platform's configuration).
CREATE TABLE feed_pulls (
  site              TEXT    NOT NULL,
  dealership        TEXT    NOT NULL, -- as the feed configuration names it (id or slug)
  every_minutes     INTEGER NOT NULL,
  last_at           TEXT,             -- when the last pull ended; NULL before the first
  outcome           TEXT,             -- 'imported', 'unchanged' or 'failed'
  added             INTEGER NOT NULL DEFAULT 0,
  changed           INTEGER NOT NULL DEFAULT 0,
  sold              INTEGER NOT NULL DEFAULT 0,
  warnings          INTEGER NOT NULL DEFAULT 0,
  failure           TEXT,             -- plain words, credentials masked
  failures_in_a_row INTEGER NOT NULL DEFAULT 0,
  last_good_at      TEXT,
  next_at           TEXT,
  PRIMARY KEY (site, dealership)
);
