-- A watchlist belongs to one site's signed-in visitor (docs/api.md, "Watchlist and sign-in"):
-- the same number on two sites has two watchlists. Rows saved before had no site; each is
-- kept for every site where its number has a session, and rows of numbers that never
-- signed in (anyone could write them) are dropped.
CREATE TABLE watchlist_by_site (
  site       TEXT    NOT NULL,
  phone      TEXT    NOT NULL,
  car_id     INTEGER NOT NULL,
  created_at TEXT    NOT NULL,
  PRIMARY KEY (site, phone, car_id)
) WITHOUT ROWID;

INSERT OR IGNORE INTO watchlist_by_site (site, phone, car_id, created_at)
  SELECT s.site, w.phone, w.car_id, w.created_at
  FROM watchlist w JOIN (SELECT DISTINCT phone, site FROM sessions) s ON s.phone = w.phone;

DROP TABLE watchlist;
ALTER TABLE watchlist_by_site RENAME TO watchlist;
