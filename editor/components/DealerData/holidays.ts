/**
 * The public holidays a location's holiday hours offer (docs/editor-design.md, "Dealer data"):
 * the region's country and, when the address names one, its state, from date-holidays,
 * loaded when the holiday hours first show (the editor's other screens never fetch it).
 */

export interface PublicHoliday {
  /** YYYY-MM-DD */
  date: string;
  name: string;
}

/**
 * The public holidays from `from` (its UTC date) up to a year later, in date order, of a
 * region (its code is the country's ISO 3166 code) and optionally a state of it.
 */
export async function publicHolidays(
  region: string,
  state: string | undefined,
  from: Date,
): Promise<PublicHoliday[]> {
  const { default: Holidays } = await import('date-holidays');
  const country = new Holidays(region);
  const states = country.getStates(region) ?? {};
  const code = state?.trim().toUpperCase();
  // The address's state when the library knows it (by code or name), else the country's list.
  const known = Object.entries(states).find(
    ([k, name]) => k === code || String(name).toUpperCase() === code,
  );
  const hd = known ? new Holidays(region, known[0]) : country;
  const start = from.toISOString().slice(0, 10);
  const end = new Date(from.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
  const year = from.getUTCFullYear();
  const seen = new Set<string>();
  return [...hd.getHolidays(year), ...hd.getHolidays(year + 1)]
    .filter((h) => h.type === 'public')
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
    .filter((h) => h.date >= start && h.date < end && !seen.has(h.date) && seen.add(h.date))
    .sort((a, b) => a.date.localeCompare(b.date));
}
