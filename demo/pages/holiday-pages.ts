/**
 * npx tsx demo/pages/holiday-pages.ts [--check]
 *
 * Writes the coming twelve months' public holidays (demo/holiday-hours.ts) into the special
 * hours of every demo location that lists holiday hours, so the demo shows upcoming ones.
 * Run it when the demo's holidays have passed; `--check` exits 1 when a location's list has
 * none left. Then `npm run format:sites`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { upcomingHolidayHours } from '../holiday-hours.ts';
import { siteFiles } from './site-files.ts';

const sitesDir = join(import.meta.dirname, '../../sites');
const check = process.argv.includes('--check');
const today = new Date();
const holidays = upcomingHolidayHours(today);
let stale = 0;
for (const file of siteFiles(sitesDir)) {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  let changed = false;
  for (const location of doc.locations ?? []) {
    const contact = location.contact_detail;
    if (!contact?.special_hours?.length) continue;
    if (check) {
      if (
        !contact.special_hours.some(
          (h: { date: string }) => h.date >= today.toISOString().slice(0, 10),
        )
      )
        stale++;
      continue;
    }
    contact.special_hours = holidays;
    changed = true;
  }
  if (changed) writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
}
if (check && stale) {
  console.error(
    `${stale} location(s) list only past holiday hours: run npx tsx demo/pages/holiday-pages.ts`,
  );
  process.exit(1);
}
