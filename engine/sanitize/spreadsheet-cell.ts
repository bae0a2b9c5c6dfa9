/**
 * Cells of every CSV or TSV file the platform writes (docs/security.md, "Stock import"): a
 * spreadsheet opening the file runs a cell that starts with `=`, `+`, `-` or `@` (or a tab
 * or carriage return before one) as a formula, so `=HYPERLINK(…)` in a dealer's feed would
 * become a link, or worse, in the hands of whoever opens the listings feed. OWASP's rule
 * ("CSV Injection"): such a cell is prefixed with `'`, which spreadsheets show as text.
 *
 * A number the platform itself formats (a JS number: a year, a count) is data and is
 * written as it is, a negative one too; every string is neutralised, whatever it looks like.
 */

/** The characters a spreadsheet reads a formula from. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text safe to open in a spreadsheet: `'` before a cell that would start a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell of a tab-separated file: no tabs or line breaks (they become spaces), no formula. */
export function tsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return neutraliseFormula(
    String(value)
      .replace(/[\t\r\n]+/g, ' ')
      .trim(),
  );
}
