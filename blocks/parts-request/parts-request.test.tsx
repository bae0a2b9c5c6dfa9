import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createValidators } from '../../engine/api/validation.ts';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import PartsRequest from './index.tsx';
import { quantity, vehicleYear, vin } from './machine.ts';

const validators = createValidators();

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function render(options: Parameters<typeof renderFormBlock>[2] = {}) {
  return renderFormBlock('parts-request', PartsRequest, { id: 'parts-under-test', ...options });
}

describe('parts request rules', () => {
  it('year, VIN and quantity', () => {
    const now = () => new Date('2025-06-02T00:00:00Z');
    expect(vehicleYear(now)('2019', {})).toBeUndefined();
    expect(vehicleYear(now)('2026', {})).toBeUndefined();
    expect(vehicleYear(now)('2027', {})).toBe('Please enter a year from 1950 to 2026.');
    expect(vehicleYear(now)('', {})).toBe('Please enter the year of your vehicle, e.g. 2019.');
    expect(vehicleYear(now)('19', {})).toBe('Please enter a year from 1950 to 2026.');
    expect(vin('', {})).toBeUndefined();
    expect(vin('MPBUMFF60MX123456', {})).toBeUndefined();
    expect(vin('MPBUMFF60MX12345O', {})).toMatch(/17-character VIN/);
    expect(quantity('1', {})).toBeUndefined();
    expect(quantity('0', {})).toBe('Please enter how many you need, from 1 to 99.');
    expect(quantity('100', {})).toBe('Please enter how many you need, from 1 to 99.');
  });
});

describe('parts request block', () => {
  it('is the anchor of its id; the part starts from ?q=; the only parts counter is sent without asking', async () => {
    const api = fakeApi({ 'POST /leads': () => ({ status: 201, json: { lead_id: 41 } }) });
    const view = render({ route: '/parts/search?q=Wiper%20blades' });
    const root = view.container.querySelector('section')!;
    expect(root.id).toBe('parts-under-test');
    expect(root.getAttribute('data-block-id')).toBe('parts-under-test');
    expect(PartsRequest.ownAnchor).toBe(true);
    expect((screen.getByLabelText(/Part name or number/) as HTMLInputElement).value).toBe(
      'Wiper blades',
    );
    expect(screen.queryByLabelText(/Preferred parts counter/)).toBeNull();
    expect(screen.getByLabelText(/^VIN/).closest('.fc-field')!.textContent).toContain('(optional)');
    // Suggestions: the makes the dealer sells, then that make's models.
    const make = screen.getByLabelText(/^Make/) as HTMLInputElement;
    expect(
      document
        .getElementById(make.getAttribute('list')!)!
        .querySelector('option')!
        .getAttribute('value'),
    ).toBe('Ford');
    type(/^Make/, 'Ford');
    const model = screen.getByLabelText(/^Model/) as HTMLInputElement;
    expect(
      [...document.getElementById(model.getAttribute('list')!)!.querySelectorAll('option')].map(
        (o) => o.getAttribute('value'),
      ),
    ).toContain('Ranger');

    type(/^Model/, 'Ranger');
    type(/^Year/, '2019');
    type(/^VIN/, 'mpbumff60mx123456');
    type(/^Quantity/, '2');
    await waitFor(() => screen.getByLabelText(/Security question: What is/));
    type(/First name/, 'Sam');
    type(/^Email/, 'sam@example.com');
    type(/Phone number/, '0412345678');
    type(/Security question/, '12');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Send parts request' })),
    );
    await waitFor(() => expect(view.location()).toBe('/success'));
    const body = api.posts('/leads')[0].body;
    expect(body).toMatchObject({
      category: 'Parts Enquiry',
      'Vehicle Make': 'Ford',
      'Vehicle Model': 'Ranger',
      'Vehicle Year': 2019,
      vin: 'MPBUMFF60MX123456',
      part: 'Wiper blades',
      quantity: 2,
      location_id: 4,
      dealership_slug: 'gold-coast-ford',
    });
    expect(validators.check('lead-request', body)).toEqual([]);
  });

  it('asks for the vehicle, the part and the counter, with one linked error each', () => {
    fakeApi();
    render({
      patch: (doc) => {
        // A second parts counter, so the visitor chooses.
        doc.locations.push({
          ...doc.locations.find((l: { id: number }) => l.id === 4),
          id: 9,
          slug: 'nerang-parts',
          name: 'Nerang Ford Parts',
          dealership_slug: 'nerang-ford',
        });
      },
    });
    type(/^Quantity/, '0');
    type(/^VIN/, 'SHORT');
    fireEvent.click(screen.getByRole('button', { name: 'Send parts request' }));
    const summary = screen.getByRole('group', { name: 'Please fix the following errors:' });
    const links = within(summary)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links.slice(0, 7)).toEqual([
      'Please enter the make of your vehicle.',
      'Please enter the model of your vehicle.',
      'Please enter the year of your vehicle, e.g. 2019.',
      'Please enter the 17-character VIN (letters and numbers, never I, O or Q), or leave it empty.',
      'Please enter the part name or part number.',
      'Please enter how many you need, from 1 to 99.',
      'Please choose a parts counter.',
    ]);
    const counter = screen.getByLabelText(/Preferred parts counter/) as HTMLSelectElement;
    expect([...counter.options].map((o) => o.value).filter(Boolean)).toEqual(['4', '9']);
    expect(counter.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps every answer when the API refuses, showing its message on the field', async () => {
    fakeApi({
      'POST /leads': () => ({
        status: 400,
        json: {
          error: 'Please fix the following errors:',
          fields: [{ path: '/location_id', message: 'Please choose one of our parts counters.' }],
        },
      }),
    });
    render({ site: 'southern-motor-group' });
    type(/^Make/, 'Mazda');
    type(/^Model/, 'CX-5');
    type(/^Year/, '2021');
    type(/Part name or number/, 'Floor mats');
    type(/First name/, 'Kim');
    type(/^Email/, 'kim@example.com');
    type(/Phone number/, '0412 345 678');
    // This group requires the terms agreement.
    fireEvent.click(screen.getByLabelText(/I agree to the/));
    await waitFor(() => screen.getByLabelText(/Security question: What is/));
    type(/Security question/, '12');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Send parts request' })),
    );
    const summary = await screen.findByRole('group', { name: 'Please fix the following errors:' });
    expect(within(summary).getByRole('link').textContent).toBe(
      'Please choose one of our parts counters.',
    );
    expect((screen.getByLabelText(/Part name or number/) as HTMLInputElement).value).toBe(
      'Floor mats',
    );
    expect(
      (screen.getByRole('button', { name: 'Send parts request' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
