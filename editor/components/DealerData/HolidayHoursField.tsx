/**
 * A location's holiday hours (docs/editor-design.md, "Dealer data"): each day with hours of
 * its own as a row (date picker, name, open box, time pickers), and the public holidays of
 * the region (and the address's state) to add one by one or all at once, closed.
 */
import type { FieldProps } from '@rjsf/utils';
import { useContext, useEffect, useId, useMemo, useState } from 'react';
import type { SpecialHour } from '../../../schemas/types.gen.ts';
import { StoreContext } from '../../lib/hooks.ts';
import { fieldMessages, type HoursOptions } from './hours-shared.ts';
import { publicHolidays, type PublicHoliday } from './holidays.ts';
import { ProblemList } from './ProblemList.tsx';

/** The state in the address of the location a field path is under (`locations/{i}/…`). */
function useLocationState(path: ReadonlyArray<string | number>): string | undefined {
  const store = useContext(StoreContext);
  const i = path[0] === 'locations' ? Number(path[1]) : NaN;
  const locations = store?.getState().resolved.locations as
    Array<{ address?: { state?: string } }> | undefined;
  return Number.isInteger(i) ? locations?.[i]?.address?.state : undefined;
}

export function HolidayHoursField(props: FieldProps<SpecialHour[] | undefined>) {
  const { formData, onChange, fieldPathId, uiSchema, errorSchema, disabled, readonly } = props;
  const { locale, region } = (uiSchema?.['ui:options'] ?? {}) as unknown as HoursOptions;
  const id = useId();
  const list = useMemo(() => formData ?? [], [formData]);
  const state = useLocationState(fieldPathId.path);
  const [holidays, setHolidays] = useState<PublicHoliday[] | undefined>(undefined);
  const [pick, setPick] = useState('');
  useEffect(() => {
    let live = true;
    publicHolidays(region, state, new Date()).then(
      (h) => live && setHolidays(h),
      () => live && setHolidays([]),
    );
    return () => {
      live = false;
    };
  }, [region, state]);
  const off = disabled || readonly;
  const dateWords = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    [locale],
  );
  const save = (next: SpecialHour[]) => onChange(next, fieldPathId.path);
  const setRow = (i: number, patch: Partial<SpecialHour>) => {
    const row = { ...list[i], ...patch };
    for (const k of Object.keys(patch) as Array<keyof SpecialHour>)
      if (patch[k] === undefined || patch[k] === '') delete row[k];
    if (row.status === 'Closed') {
      delete row.start_hour;
      delete row.end_hour;
    }
    save(list.map((r, j) => (j === i ? row : r)));
  };
  const listed = new Set(list.map((r) => r.date));
  const offered = (holidays ?? []).filter((h) => !listed.has(h.date));
  const add = (hs: PublicHoliday[]) =>
    save(
      [
        ...list,
        ...hs.map((h): SpecialHour => ({ date: h.date, status: 'Closed', label: h.name })),
      ].sort((a, b) => a.date.localeCompare(b.date)),
    );
  const chosen = offered.find((h) => h.date === pick) ?? offered[0];
  const problems = fieldMessages(
    errorSchema,
    (i) => list[Number(i)]?.label ?? list[Number(i)]?.date ?? '',
  );

  return (
    <fieldset
      className="fc-hours-grid"
      aria-describedby={problems.length ? `${id}-problems` : undefined}
    >
      <legend>Holiday hours</legend>
      {list.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Name of the day</th>
              <th scope="col">Open</th>
              <th scope="col">Opens at</th>
              <th scope="col">Closes at</th>
              <th scope="col">
                <span className="fc-visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((row, i) => {
              const name = row.label || row.date;
              return (
                <tr key={`${row.date}-${i}`}>
                  <td>
                    <input
                      type="date"
                      aria-label={`Date of ${name}`}
                      value={row.date}
                      disabled={off}
                      onChange={(e) => e.target.value && setRow(i, { date: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      type="text"
                      aria-label={`Name of ${row.date}`}
                      value={row.label ?? ''}
                      maxLength={80}
                      disabled={off}
                      onChange={(e) => setRow(i, { label: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Open on ${name}`}
                      checked={row.status === 'Open'}
                      disabled={off}
                      onChange={(e) => setRow(i, { status: e.target.checked ? 'Open' : 'Closed' })}
                    />
                  </td>
                  <td>
                    <input
                      type="time"
                      aria-label={`${name} opens at`}
                      value={row.start_hour ?? ''}
                      disabled={off || row.status === 'Closed'}
                      onChange={(e) => setRow(i, { start_hour: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      type="time"
                      aria-label={`${name} closes at`}
                      value={row.end_hour ?? ''}
                      disabled={off || row.status === 'Closed'}
                      onChange={(e) => setRow(i, { end_hour: e.target.value })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="fc-form-btn fc-danger"
                      disabled={off}
                      onClick={() => save(list.filter((_, j) => j !== i))}
                    >
                      Remove {name}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="fc-holiday-add">
        <label htmlFor={`${id}-pick`}>Public holiday</label>{' '}
        <select
          id={`${id}-pick`}
          value={chosen?.date ?? ''}
          disabled={off || !offered.length}
          onChange={(e) => setPick(e.target.value)}
        >
          {holidays === undefined && <option value="">Loading the public holidays…</option>}
          {holidays !== undefined && !offered.length && <option value="">None left to add</option>}
          {offered.map((h) => (
            <option key={h.date} value={h.date}>
              {h.name}, {dateWords.format(new Date(`${h.date}T00:00:00Z`))}
            </option>
          ))}
        </select>{' '}
        <button
          type="button"
          className="fc-form-btn"
          disabled={off || !chosen}
          onClick={() => chosen && add([chosen])}
        >
          Add this holiday
        </button>{' '}
        <button
          type="button"
          className="fc-form-btn"
          disabled={off || !offered.length}
          onClick={() => add(offered)}
        >
          Add all {offered.length} public holidays (closed)
        </button>
        <button
          type="button"
          className="fc-form-btn"
          disabled={off}
          onClick={() =>
            save([...list, { date: new Date().toISOString().slice(0, 10), status: 'Closed' }])
          }
        >
          Add another day
        </button>
      </div>
      <ProblemList id={`${id}-problems`} problems={problems} />
    </fieldset>
  );
}
