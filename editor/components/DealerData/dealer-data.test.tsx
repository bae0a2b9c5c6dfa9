/**
 * The dealer's data in the site settings (docs/editor-design.md, "Dealer data"): opening
 * hours as a week grid in the region's words, holiday hours from the region's public
 * holidays, a new location or offer that starts with what the site tells and lists once
 * what is left to fill.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { EditorStore } from '../../lib/store/index.ts';
import type { Doc } from '../../lib/doc.ts';
import { SettingsPanel } from '../Inspector/index.ts';
import { unitSite } from '../../lib/test-fixtures.ts';
import { inEditor } from '../test-editor-contexts.tsx';
import { localeWeek } from './week.ts';
import { publicHolidays } from './holidays.ts';

const LOCATION = {
  id: 4,
  name: 'Maroochydore',
  slug: 'maroochydore',
  location_type: 'sales',
  dealership_slug: 'sunshine-coast-mazda',
  address: { street: '1 Main St', city: 'Maroochydore', state: 'QLD', postcode: '4558' },
};

function site(extra: Doc = {}): Doc {
  return {
    ...unitSite([]),
    dealerships: [{ id: 31, slug: 'sunshine-coast-mazda', name: 'Sunshine Coast Mazda' }],
    ...extra,
  };
}

function renderSettings(doc: Doc, open: string) {
  const store = new EditorStore({ slug: 'unit-site', doc });
  render(inEditor(store, <SettingsPanel open={open} onOpen={() => undefined} />));
  return store;
}

const locations = (store: EditorStore) => store.getState().doc.locations as Doc[];

describe('the week in the region’s words', () => {
  it('names and orders the days by the locale, weekdays without the weekend', () => {
    const au = localeWeek('en-AU');
    expect(au.order.map((d) => au.names[d])).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(au.weekdays).toEqual([1, 2, 3, 4, 5]);
    // The US week starts on Sunday.
    expect(localeWeek('en-US').order[0]).toBe(0);
    expect(localeWeek('fr-FR').names[1]).toBe('lundi');
  });

  it('lists a state’s public holidays of the next twelve months', async () => {
    const from = new Date(Date.UTC(2026, 0, 2));
    const qld = await publicHolidays('AU', 'QLD', from);
    expect(qld.map((h) => h.date)).toContain('2026-04-03');
    expect(qld.find((h) => h.date === '2026-04-03')?.name).toBe('Good Friday');
    expect(qld.every((h) => h.date >= '2026-01-02' && h.date < '2027-01-02')).toBe(true);
    // Queensland's Royal Queensland Show day is not a Victorian holiday; the state matters.
    const vic = await publicHolidays('AU', 'Victoria', from);
    expect(vic.map((h) => h.name)).toContain('Melbourne Cup');
    expect(qld.map((h) => h.name)).not.toContain('Melbourne Cup');
    const us = await publicHolidays('US', undefined, from);
    expect(us.map((h) => h.name)).toContain('Thanksgiving Day');
  });
});

// Each renders the whole Locations (or Offers) form: slow on a busy machine.
const FORM = { timeout: 60_000 };

describe('opening hours as a week grid', FORM, () => {
  it('opens a day with time pickers and copies it to the weekdays', () => {
    const store = renderSettings(site({ locations: [LOCATION] }), 'locations');
    const grid = screen.getByRole('group', { name: 'Opening hours' });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    fireEvent.click(within(grid).getByLabelText('Open on Monday'));
    const opens = within(grid).getByLabelText('Monday opens at') as HTMLInputElement;
    expect(opens.type).toBe('time');
    fireEvent.change(opens, { target: { value: '08:30' } });
    fireEvent.change(within(grid).getByLabelText('Monday closes at'), {
      target: { value: '17:30' },
    });
    fireEvent.click(within(grid).getByLabelText('Open on Sunday'));
    fireEvent.click(within(grid).getByLabelText('Open on Sunday'));
    fireEvent.click(within(grid).getByRole('button', { name: 'Copy Monday to weekdays' }));
    const hours = (locations(store)[0].contact_detail as Doc).opening_hours;
    const monday = { status: 'Open', open: '08:30', close: '17:30' };
    expect(hours).toEqual([
      { weekday: 1, ...monday },
      { weekday: 2, ...monday },
      { weekday: 3, ...monday },
      { weekday: 4, ...monday },
      { weekday: 5, ...monday },
      { weekday: 0, status: 'Closed' },
    ]);
    expect((within(grid).getByLabelText('Friday closes at') as HTMLInputElement).value).toBe(
      '17:30',
    );
    expect((within(grid).getByLabelText('Sunday opens at') as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  it('adds the state’s public holidays, closed, and edits one', async () => {
    const store = renderSettings(site({ locations: [LOCATION] }), 'locations');
    const holidays = screen.getByRole('group', { name: 'Holiday hours' });
    const pick = within(holidays).getByLabelText('Public holiday') as HTMLSelectElement;
    await act(async () => {});
    await screen.findByRole('option', { name: /^Christmas Day, / });
    const christmas = [...pick.options].find((o) => o.text.startsWith('Christmas Day'))!;
    fireEvent.change(pick, { target: { value: christmas.value } });
    fireEvent.click(within(holidays).getByRole('button', { name: 'Add this holiday' }));
    let special = (locations(store)[0].contact_detail as Doc).special_hours as Doc[];
    expect(special).toEqual([{ date: christmas.value, status: 'Closed', label: 'Christmas Day' }]);
    // Offered once only.
    expect([...pick.options].some((o) => o.value === christmas.value)).toBe(false);
    fireEvent.click(within(holidays).getByLabelText('Open on Christmas Day'));
    fireEvent.change(within(holidays).getByLabelText('Christmas Day opens at'), {
      target: { value: '09:00' },
    });
    special = (locations(store)[0].contact_detail as Doc).special_hours as Doc[];
    expect(special[0]).toMatchObject({ status: 'Open', start_hour: '09:00' });
    fireEvent.click(within(holidays).getByRole('button', { name: /^Add all \d+ public holidays/ }));
    special = (locations(store)[0].contact_detail as Doc).special_hours as Doc[];
    expect(special.length).toBeGreaterThan(8);
    expect(special.map((s) => s.date)).toEqual([...special.map((s) => s.date)].sort());
    expect(special.filter((s) => s.label === 'Christmas Day')).toHaveLength(1);
  });
});

describe('a new entry of the dealer’s lists', FORM, () => {
  it('a new location starts with what the site tells, and lists once what is left', () => {
    const store = renderSettings(site({ locations: [LOCATION] }), 'locations');
    expect(screen.queryByText(/Still to fill/)).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: /^Add/ }).at(-1)!);
    expect(locations(store)[1]).toEqual({
      id: 5,
      location_type: 'sales',
      dealership_slug: 'sunshine-coast-mazda',
      dealership_id: 31,
    });
    // Its web name follows its name as it is typed; a stored location's never moves.
    const name = document.getElementById('settings-locations_locations_1_name')!;
    fireEvent.change(name, { target: { value: 'Nambour Mazda' } });
    expect(locations(store)[1]).toMatchObject({ name: 'Nambour Mazda', slug: 'nambour-mazda' });
    fireEvent.change(document.getElementById('settings-locations_locations_0_name')!, {
      target: { value: 'Maroochydore Mazda' },
    });
    expect(locations(store)[0].slug).toBe('maroochydore');
    const list = screen.getByText(/Still to fill/).closest('.fc-to-fill')!;
    expect(
      within(list as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Nambour Mazda: Address: Street, Address: Suburb or city, Address: State, Address: Postcode',
    ]);
  });

  it('offers are a settings section like locations, a new one numbered, with dates', () => {
    const offer = { id: 7, name: 'CX-5 from $39,990' };
    const store = renderSettings(site({ offers: [offer] }), 'offers');
    expect(screen.getByText('Offers', { selector: 'summary, summary *' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /^Add/ }).at(-1)!);
    const offers = store.getState().doc.offers as Doc[];
    expect(offers).toEqual([offer, { id: 8 }]);
    const list = screen.getByText(/Still to fill/).closest('.fc-to-fill') as HTMLElement;
    expect(within(list).getByRole('listitem').textContent).toBe('Offer 2: Offer name');
    const last = screen.getAllByLabelText(/Last day/).at(-1) as HTMLInputElement;
    expect(last.type).toBe('date');
    fireEvent.change(last, { target: { value: '2026-12-31' } });
    expect((store.getState().doc.offers as Doc[])[1]).toEqual({ id: 8, expires: '2026-12-31' });
  });
});
