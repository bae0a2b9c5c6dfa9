-- Online reservations and the analytics event id of each lead (docs/api.md, "Reservations").

-- The event id the browser pushed to the dataLayer for this lead (14, 15, 17, 48, 22, 18, …).
ALTER TABLE leads ADD COLUMN event_id INTEGER;

-- A reservation is a lead (category Reservation) plus its hold on one car: the deposit asked
-- for, until when the car is held, and what the payment provider answered. The hold ends at
-- held_until, when the release job sets released_at.
CREATE TABLE reservations (
  lead_id              INTEGER PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
  site                 TEXT    NOT NULL,
  car_id               INTEGER NOT NULL, -- integer affinity, as leads.car_id
  stock_number         TEXT,
  deposit_amount       INTEGER NOT NULL CHECK (deposit_amount > 0), -- whole currency units (the site's reserveDeposit)
  currency             TEXT    NOT NULL,
  created_at           TEXT    NOT NULL,
  held_until           TEXT    NOT NULL,
  released_at          TEXT,
  payment_provider     TEXT    NOT NULL,
  payment_status       TEXT    NOT NULL,
  payment_reference    TEXT,
  payment_instructions TEXT
);
-- One hold at a time per car, whichever site it was reserved on.
CREATE UNIQUE INDEX reservations_one_hold_per_car ON reservations (car_id) WHERE released_at IS NULL;
CREATE INDEX reservations_open_by_expiry ON reservations (held_until) WHERE released_at IS NULL;
