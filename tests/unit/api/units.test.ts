/** Pure parts of the API: regional rules, migrations, the PDF writer, the rate limiter, the valuer. */
import Database from 'better-sqlite3';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distanceKm } from '../../../engine/api/adapters/geocoding.ts';
import { lookupPostcode, POSTCODES } from '../../../demo/postcodes.ts';
import { ineligibleReason } from '../../../engine/api/adapters/valuation.ts';
import { migrate, readMigrations } from '../../../engine/api/db/migrate.ts';
import { renderPdf, wrap } from '../../../engine/api/pdf.ts';
import { RateLimiter } from '../../../engine/api/rate-limit.ts';
import {
  checkPhone,
  checkPostcode,
  phoneForDisplay,
  phoneKey,
} from '../../../engine/api/regional.ts';

describe('regional rules', () => {
  it.each([
    ['AU', '0412 345 678', true],
    ['AU', '(07) 5555 0101', true],
    ['AU', '+61 412 345 678', true],
    ['AU', '1300 555 123', true],
    ['AU', '13 12 34', true],
    ['AU', '0512 345 678', false],
    ['AU', '412 345 678', false],
    ['AU', '+64 21 123 4567', false],
    ['NZ', '021 123 4567', true],
    ['NZ', '09 555 0101', true],
    ['NZ', '+64 27 555 0101', true],
    ['NZ', '0800 555 123', true],
    ['NZ', '0412 345 678', false],
    ['NZ', '09 555 01', false],
    ['US', '(608) 555-0134', true],
    ['US', '608-555-0134', true],
    ['US', '+1 608 555 0134', true],
    ['US', '1 608 555 0134', true],
    ['US', '(108) 555-0134', false],
    ['US', '555-0134', false],
  ] as const)('%s phone %s is valid: %s', (region, phone, valid) => {
    expect(checkPhone(region, phone) === undefined).toBe(valid);
  });

  it('accepts 4-digit postcodes in AU and NZ, 5-digit ZIP codes in the US', () => {
    expect(checkPostcode('AU', '4215')).toBeUndefined();
    expect(checkPostcode('AU', '421')).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(checkPostcode('AU', '4,215')).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(checkPostcode('NZ', '1061')).toBeUndefined();
    expect(checkPostcode('US', '53704')).toBeUndefined();
    expect(checkPostcode('US', '53704-1234')).toBe(
      'Invalid ZIP code. Please enter a 5-digit number.',
    );
  });

  it('keys phone numbers by their national digits', () => {
    expect(phoneKey('+61 412 345 678')).toBe('0412345678');
    expect(phoneKey('0061 412 345 678')).toBe('0412345678');
    expect(phoneKey('+64 21 123 4567')).toBe('0211234567');
    expect(phoneKey('+1 (608) 555-0134')).toBe('6085550134');
    expect(phoneKey('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('writes a phone key as the region writes it, still valid and with the same key', () => {
    expect(phoneForDisplay('AU', '0412345678')).toBe('0412 345 678');
    expect(phoneForDisplay('AU', '0755550101')).toBe('07 5555 0101');
    expect(phoneForDisplay('AU', '1300555123')).toBe('1300 555 123');
    expect(phoneForDisplay('AU', '131234')).toBe('13 12 34');
    expect(phoneForDisplay('NZ', '0211234567')).toBe('021 123 4567');
    expect(phoneForDisplay('NZ', '095550101')).toBe('09 555 0101');
    expect(phoneForDisplay('NZ', '0800555123')).toBe('0800 555 123');
    expect(phoneForDisplay('US', '6085550134')).toBe('(608) 555-0134');
    expect(phoneForDisplay('US', '+442079460958')).toBe('+442079460958');
    const valid = [
      ['AU', '0412 345 678'],
      ['AU', '(07) 5555 0101'],
      ['AU', '+61 412 345 678'],
      ['AU', '1300 555 123'],
      ['AU', '13 12 34'],
      ['AU', '1800 123 456'],
      ['NZ', '021 123 4567'],
      ['NZ', '022 123 45678'],
      ['NZ', '027 555 010'],
      ['NZ', '09 555 0101'],
      ['NZ', '+64 27 555 0101'],
      ['NZ', '0800 555 123'],
      ['NZ', '0508 123 456'],
      ['US', '(608) 555-0134'],
      ['US', '+1 608 555 0134'],
      ['US', '1 608 555 0134'],
    ] as const;
    for (const [region, typed] of valid) {
      const shown = phoneForDisplay(region, phoneKey(typed));
      expect(checkPhone(region, shown), `${region} ${typed} → ${shown}`).toBeUndefined();
      expect(phoneKey(shown)).toBe(phoneKey(typed));
    }
  });
});

describe('postcode table', () => {
  it('has a few hundred unique, well-formed rows per region inside their countries', () => {
    const bounds = {
      AU: [-44, -10, 112, 154],
      NZ: [-47.5, -34, 166, 179],
      US: [18, 72, -170, -66],
    } as const;
    for (const region of ['AU', 'NZ', 'US'] as const) {
      const rows = POSTCODES[region];
      expect(new Set(rows.map((r) => r.postcode)).size).toBe(rows.length);
      const [latLo, latHi, longLo, longHi] = bounds[region];
      for (const r of rows) {
        expect(checkPostcode(region, r.postcode), r.postcode).toBeUndefined();
        expect(
          r.lat > latLo && r.lat < latHi && r.long > longLo && r.long < longHi,
          `${region} ${r.postcode}`,
        ).toBe(true);
      }
    }
    expect(POSTCODES.AU.length + POSTCODES.NZ.length + POSTCODES.US.length).toBeGreaterThan(400);
  });

  it('puts the demo dealers where they are', () => {
    expect(distanceKm(lookupPostcode('4215', 'AU')!, { lat: -27.972, long: 153.401 })).toBeLessThan(
      2,
    );
    expect(distanceKm(lookupPostcode('3000', 'AU')!, lookupPostcode('2000', 'AU')!)).toBeCloseTo(
      714,
      -1,
    );
  });
});

describe('migrations', () => {
  it('are numbered 001, 002, … without gaps', () => {
    expect(readMigrations().map((m) => m.version)).toEqual(readMigrations().map((_, i) => i + 1));
  });

  it('apply once, in order, and refuse a database from newer code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-mig-'));
    writeFileSync(join(dir, '001_a.sql'), 'CREATE TABLE a (x);');
    writeFileSync(join(dir, '002_b.sql'), 'CREATE TABLE b (x);');
    const db = new Database(':memory:');
    expect(migrate(db, readMigrations(dir))).toBe(2);
    expect(migrate(db, readMigrations(dir))).toBe(2); // a second start changes nothing
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(() => migrate(db, readMigrations(dir).slice(0, 1))).toThrow(/newer than this code/);
  });

  it('roll back a failing migration with its version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-mig-'));
    writeFileSync(join(dir, '001_a.sql'), 'CREATE TABLE a (x);');
    writeFileSync(join(dir, '002_b.sql'), 'CREATE TABLE b (x); SELECT nonsense FROM nowhere;');
    const db = new Database(':memory:');
    expect(() => migrate(db, readMigrations(dir))).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
  });

  it('refuse a gap in the numbering', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-mig-'));
    writeFileSync(join(dir, '001_a.sql'), '');
    writeFileSync(join(dir, '003_c.sql'), '');
    expect(() => readMigrations(dir)).toThrow(/should be numbered 002/);
  });
});

describe('PDF writer', () => {
  it('writes one page with the lines and exact offsets', () => {
    const pdf = renderPdf(
      [{ text: 'Hello (world) \\ ok', bold: true }, { text: 'Price: $1,000' }],
      { title: 'T' },
    ).toString('latin1');
    expect(pdf).toMatch(/^%PDF-1\.4\n/);
    expect(pdf).toContain('(Hello \\(world\\) \\\\ ok) Tj');
    expect(pdf).toContain('/Count 1');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
  });

  it('wraps long text to the page width', () => {
    const lines = wrap('word '.repeat(100), 11);
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(Math.floor((595.28 - 112) / 5.5));
  });
});

describe('rate limiter', () => {
  it('counts per key within a window', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 2, windowMs: 1000 }, () => now);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.hit('b').allowed).toBe(true);
    now = 1000;
    expect(limiter.hit('a').allowed).toBe(true);
  });
});

describe('valuation rule', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  it('gives no online estimate over 7 years or over 100,000 km', () => {
    expect(ineligibleReason({ year: 2018, kms: 100_000 }, now)).toBeUndefined();
    expect(ineligibleReason({ year: 2017, kms: 10 }, now)).toMatch(/older than 7 years/);
    expect(ineligibleReason({ year: 2025, kms: 100_001 }, now)).toMatch(/100,000 km/);
  });
});
