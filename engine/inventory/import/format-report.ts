/** An import's report as `npm run import:inventory` prints it (docs/cars.md, "Stock import"). */
import { formatRowError } from './feed.ts';
import type { ImportReport } from './import-stock.ts';

/** The report as the CLI prints it. */
export function formatReport(r: ImportReport): string {
  const lines: string[] = [];
  const who = `${r.site} / ${r.dealership}`;
  if (r.errors.length && !r.skippedRows.length) {
    lines.push(
      `Nothing imported for ${who}: ${r.errors.length} problem${r.errors.length === 1 ? '' : 's'} in the feed (fix them, or run again with --skip-bad-rows):`,
    );
    lines.push(...r.errors.map((e) => `  ${formatRowError(e)}`));
    return lines.join('\n');
  }
  lines.push(
    `${r.dryRun ? 'Dry run, nothing written: ' : ''}${who}: ${r.added.length} added, ${r.changed.length} changed, ${r.sold.length} sold${r.removed.length ? `, ${r.removed.length} removed (sold more than the sold window ago)` : ''}, ${r.unchanged} unchanged.`,
  );
  for (const [what, list] of [
    ['added', r.added],
    ['changed', r.changed],
    ['marked sold', r.sold],
    ['removed', r.removed],
  ] as const) {
    if (list.length) lines.push(`  ${what}: ${list.join(', ')}`);
  }
  if (r.skippedRows.length) {
    lines.push(
      `Skipped ${r.skippedRows.length} bad row${r.skippedRows.length === 1 ? '' : 's'} (${r.skippedRows.join(', ')}):`,
    );
    lines.push(...r.errors.map((e) => `  ${formatRowError(e)}`));
  }
  if (r.warnings.length)
    lines.push(
      `Imported without ${r.warnings.length} photo${r.warnings.length === 1 ? '' : 's'} (the next import tries again):`,
      ...r.warnings.map((e) => `  ${formatRowError(e)}`),
    );
  if (r.photosNotFetched)
    lines.push(
      `${r.photosNotFetched} new photo${r.photosNotFetched === 1 ? '' : 's'} not fetched: a dry run fetches none (their addresses were checked).`,
    );
  if (r.unusedColumns.length)
    lines.push(`Columns not used: ${r.unusedColumns.join(', ')} (docs/cars.md, "Stock import").`);
  if (r.applied) lines.push(`Written to ${r.path}.`);
  return lines.join('\n');
}
