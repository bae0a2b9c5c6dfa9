-- One-time sign-in codes (store/sign-in-codes.ts; docs/api.md, "Watchlist and sign-in"): the
-- live code of each site and phone number, kept as a keyed hash (HMAC-SHA-256 with a server
-- setting), never the code; a new request replaces it.
CREATE TABLE sign_in_codes (
  site       TEXT    NOT NULL,
  phone      TEXT    NOT NULL, -- phoneKey() of the number
  code_hash  TEXT    NOT NULL,
  created_at TEXT    NOT NULL,
  expires_at TEXT    NOT NULL,
  tries      INTEGER NOT NULL DEFAULT 0, -- at most 5, then the code is locked
  used_at    TEXT,                       -- set: the code signed someone in and works no more
  PRIMARY KEY (site, phone)
);
