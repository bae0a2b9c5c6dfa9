/** Which spec values a car page shows, and the conversions it makes (docs/cars.md, "Car page"). */
import { FEET_TO_METRES } from './constants.ts';

/** A spec value worth showing: not empty, null, undefined or the text "null". */
export function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  const s = String(value).trim();
  return s !== '' && s.toLowerCase() !== 'null' && s.toLowerCase() !== 'undefined';
}

export interface SpecRow {
  label: string;
  value: string;
}

/** Rows with a value; empty, null and "null" values are left out. */
export function specRows(rows: { label: string; value: unknown }[]): SpecRow[] {
  return rows
    .filter((r) => hasValue(r.value))
    .map((r) => ({ label: r.label, value: String(r.value).trim() }));
}

/** Feet to metres (0.3048), to 2 decimals. */
export function feetToMetres(feet: number): number {
  return Math.round(feet * FEET_TO_METRES * 100) / 100;
}

/** A caravan's length in feet from a badge such as 19ft or 19'; undefined otherwise. */
export function feetFromBadge(badge: string | null | undefined): number | undefined {
  const m = /^\s*(\d{1,2}(?:\.\d+)?)\s*(?:ft|')/i.exec(badge ?? '');
  return m ? Number(m[1]) : undefined;
}

/** "Expires on {date}" only for a rego expiry in the future. */
export function regoExpiryFuture(expiry: string | null | undefined, now: number): boolean {
  if (!expiry) return false;
  const t = Date.parse(expiry.length === 10 ? `${expiry}T23:59:59Z` : expiry);
  return Number.isFinite(t) && t > now;
}
