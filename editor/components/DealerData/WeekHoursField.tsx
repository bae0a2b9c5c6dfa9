/**
 * A location's opening hours as a week grid (docs/editor-design.md, "Dealer data"): one row a
 * day, named and ordered as the region's locale has it, an "Open" box and time pickers, and
 * "copy to weekdays". The stored list keeps one entry a day (0 Sunday … 6 Saturday).
 */
import type { FieldProps } from '@rjsf/utils';
import { useId, useMemo } from 'react';
import type { OpeningHour } from '../../../schemas/types.gen.ts';
import { fieldMessages, type HoursOptions } from './hours-shared.ts';
import { localeWeek } from './week.ts';
import { ProblemList } from './ProblemList.tsx';

export function WeekHoursField(props: FieldProps<OpeningHour[] | undefined>) {
  const { formData, onChange, fieldPathId, uiSchema, errorSchema, disabled, readonly } = props;
  const { locale } = (uiSchema?.['ui:options'] ?? {}) as unknown as HoursOptions;
  const week = useMemo(() => localeWeek(locale), [locale]);
  const id = useId();
  const list = useMemo(() => formData ?? [], [formData]);
  const entryOf = (day: number) => list.find((h) => h.weekday === day);
  const off = disabled || readonly;

  /** The list with one day's entry replaced (kept in its place) or added in week order. */
  const put = (day: number, entry: OpeningHour) => {
    const at = list.findIndex((h) => h.weekday === day);
    const next = at >= 0 ? list.map((h, i) => (i === at ? entry : h)) : [...list, entry];
    if (at < 0) next.sort((a, b) => week.order.indexOf(a.weekday) - week.order.indexOf(b.weekday));
    onChange(next, fieldPathId.path);
  };
  const setOpen = (day: number, open: boolean) => {
    const cur = entryOf(day);
    put(
      day,
      open
        ? { ...cur, weekday: day, status: 'Open' }
        : { weekday: day as OpeningHour['weekday'], status: 'Closed' },
    );
  };
  const setTime = (day: number, key: 'open' | 'close', value: string) => {
    const cur = entryOf(day);
    const entry: OpeningHour = { ...cur, weekday: day as OpeningHour['weekday'], status: 'Open' };
    if (value) entry[key] = value;
    else delete entry[key];
    put(day, entry);
  };
  const copyToWeekdays = () => {
    const [first, ...rest] = week.weekdays;
    const source = entryOf(first);
    if (!source) return;
    const copies = new Map(rest.map((d) => [d, { ...source, weekday: d }]));
    const kept = list.map((h) => copies.get(h.weekday) ?? h);
    const added = rest.filter((d) => !list.some((h) => h.weekday === d)).map((d) => copies.get(d)!);
    const next = [...kept, ...added].sort(
      (a, b) => week.order.indexOf(a.weekday) - week.order.indexOf(b.weekday),
    );
    onChange(next, fieldPathId.path);
  };
  const problems = fieldMessages(errorSchema, (i) => week.names[list[Number(i)]?.weekday] ?? '');
  const firstName = week.names[week.weekdays[0]];

  return (
    <fieldset
      className="fc-hours-grid"
      aria-describedby={problems.length ? `${id}-problems` : undefined}
    >
      <legend>Opening hours</legend>
      <table>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Open</th>
            <th scope="col">Opens at</th>
            <th scope="col">Closes at</th>
          </tr>
        </thead>
        <tbody>
          {week.order.map((day) => {
            const entry = entryOf(day);
            const name = week.names[day];
            const open = entry?.status === 'Open';
            const index = list.indexOf(entry!);
            const bad = (key: string) =>
              index >= 0 &&
              (errorSchema?.[index] as Record<string, { __errors?: string[] }>)?.[key]?.__errors
                ?.length
                ? true
                : undefined;
            return (
              <tr key={day} data-weekday={day}>
                <th scope="row">{name}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Open on ${name}`}
                    checked={open}
                    disabled={off}
                    onChange={(e) => setOpen(day, e.target.checked)}
                  />
                  {!entry && <span className="fc-muted"> not set</span>}
                </td>
                <td>
                  <input
                    type="time"
                    aria-label={`${name} opens at`}
                    value={entry?.open ?? ''}
                    disabled={off || entry?.status === 'Closed'}
                    aria-invalid={bad('open')}
                    onChange={(e) => setTime(day, 'open', e.target.value)}
                  />
                </td>
                <td>
                  <input
                    type="time"
                    aria-label={`${name} closes at`}
                    value={entry?.close ?? ''}
                    disabled={off || entry?.status === 'Closed'}
                    aria-invalid={bad('close')}
                    onChange={(e) => setTime(day, 'close', e.target.value)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button
        type="button"
        className="fc-form-btn"
        disabled={off || !entryOf(week.weekdays[0])}
        onClick={copyToWeekdays}
      >
        Copy {firstName} to weekdays
      </button>
      <ProblemList id={`${id}-problems`} problems={problems} />
    </fieldset>
  );
}
