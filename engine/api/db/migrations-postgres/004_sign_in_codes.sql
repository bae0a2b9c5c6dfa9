-- One-time sign-in codes, as SQLite's migration 006 (store/sign-in-codes.ts): the live code
-- of each site and phone number as a keyed hash, with its expiry, tries and use.
CREATE TABLE sign_in_codes (
  site       text    NOT NULL,
  phone      text    NOT NULL, -- phoneKey() of the number
  code_hash  text    NOT NULL,
  created_at text    NOT NULL,
  expires_at text    NOT NULL,
  tries      integer NOT NULL DEFAULT 0, -- at most 5, then the code is locked
  used_at    text,                       -- set: the code signed someone in and works no more
  PRIMARY KEY (site, phone)
);
