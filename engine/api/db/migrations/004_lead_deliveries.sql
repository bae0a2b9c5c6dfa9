-- The lead outbox (docs/leads.md): one row per destination of a lead (an email address, the
-- dealer's CRM, a webhook, the buyer's confirmation), written in the lead's own transaction,
-- so a lead the buyer was told is stored is never left without its deliveries. A worker
-- claims due rows for a lease, sends them and records the outcome.
CREATE TABLE lead_deliveries (
  id              INTEGER PRIMARY KEY,
  lead_id         INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  channel         TEXT    NOT NULL CHECK (channel IN ('email', 'adf-email', 'adf-post', 'webhook', 'confirmation')),
  target          TEXT    NOT NULL, -- an email address or a URL
  secret_env      TEXT,             -- a webhook's signing secret: the name of the server setting, never the secret
  kind            TEXT    NOT NULL, -- the lead's kind (leadKind in defs.schema.json)
  location        TEXT,             -- the location the lead was routed to (its slug), if any
  state           TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed', 'dead')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  created_at      TEXT    NOT NULL,
  retry_from      TEXT    NOT NULL, -- the retry window (72 hours) counts from here: creation, or a staff member's resend
  next_attempt_at TEXT    NOT NULL,
  last_attempt_at TEXT,
  lease_until     TEXT,             -- a claimed row is another worker's until then (a killed server's lease runs out)
  claim           TEXT,             -- the claim's token: only its holder records the outcome
  delivered_at    TEXT,
  last_error      TEXT,
  UNIQUE (lead_id, channel, target)
);
CREATE INDEX lead_deliveries_due ON lead_deliveries (next_attempt_at) WHERE state = 'pending';
