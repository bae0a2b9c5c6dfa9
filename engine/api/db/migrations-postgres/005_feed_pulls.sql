-- Scheduled stock-feed pulls, as SQLite's migration 007 (store/feed-pulls.ts): the last pull of
-- each configured feed, what it did or why it failed, and when the next is due.
CREATE TABLE feed_pulls (
  site              text    NOT NULL,
  dealership        text    NOT NULL,
  every_minutes     integer NOT NULL,
  last_at           text,
  outcome           text,
  added             integer NOT NULL DEFAULT 0,
  changed           integer NOT NULL DEFAULT 0,
  sold              integer NOT NULL DEFAULT 0,
  warnings          integer NOT NULL DEFAULT 0,
  failure           text,
  failures_in_a_row integer NOT NULL DEFAULT 0,
  last_good_at      text,
  next_at           text,
  PRIMARY KEY (site, dealership)
);
