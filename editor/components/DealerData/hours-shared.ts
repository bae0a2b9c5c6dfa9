/** What the hours fields share (WeekHoursField, HolidayHoursField). */

/** The options the Locations form hands the hours fields (section-forms.ts). */
export interface HoursOptions {
  /** The site region's locale: day names, week order, date formats. */
  locale: string;
  /** The site's region code (an ISO 3166 country code): whose public holidays are offered. */
  region: string;
}

/** The problems under a list field, each after the name of the row it belongs to. */
export function fieldMessages(errorSchema: unknown, rowName: (index: string) => string): string[] {
  const out: string[] = [];
  const errorsOf = (node: unknown): string[] => {
    const e = (node as { __errors?: unknown } | undefined)?.__errors;
    return Array.isArray(e) ? e.map(String) : [];
  };
  out.push(...errorsOf(errorSchema));
  for (const [key, node] of Object.entries((errorSchema ?? {}) as object)) {
    if (key === '__errors' || !node || typeof node !== 'object') continue;
    const row = rowName(key);
    const fields = [node, ...Object.values(node as Record<string, unknown>)];
    for (const m of fields.flatMap(errorsOf)) out.push(row ? `${row}: ${m}` : m);
  }
  return [...new Set(out)];
}
