-- Staff tokens scoped to sites (store/staff-tokens.ts; docs/security.md): a token opens the
-- lead view of its sites only ('*': every site, for the platform's own operators). Only the
-- SHA-256 of the token is kept; `npm run staff-token` shows the token once, when made.
CREATE TABLE staff_tokens (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL,
  token_hash   TEXT NOT NULL, -- SHA-256 (hex) of the whole token, never the token
  sites        TEXT NOT NULL, -- a JSON array of site slugs, or '*'
  created_at   TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at   TEXT           -- set: the token opens nothing
);
