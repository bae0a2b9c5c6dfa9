-- Imported stock with DATABASE_URL (docs/cars.md, "Stock import"; inventory/stock-postgres.ts):
-- a head row per dealership (what the stock file's head holds, and the version every server
-- compares to catch up) and a row per car in the feed's order. An import replaces a
-- dealership's rows in one transaction; a dealership without a head row serves the
-- provider's (demo) stock.
CREATE SEQUENCE stock_version;
CREATE TABLE stock_heads (
  dealership_slug text    PRIMARY KEY,
  dealership_id   integer NOT NULL,
  version         bigint  NOT NULL, -- from stock_version: moves on with every import applied
  imported_at     text    NOT NULL, -- ISO, as the stock file's
  next_serial     integer NOT NULL,
  photos          json    NOT NULL  -- photo source -> served address, as the stock file's
);
CREATE TABLE stock_cars (
  dealership_slug text    NOT NULL REFERENCES stock_heads (dealership_slug) ON DELETE CASCADE,
  position        integer NOT NULL,
  car             json    NOT NULL, -- the Car as the import wrote it
  PRIMARY KEY (dealership_slug, position)
);
