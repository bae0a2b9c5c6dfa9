import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import TradeIn from './index.tsx';
import { click, thisYear, toCarStep, type, valuation, valueCar } from './test-kit.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

/** The alert that names the found car (the form has its own alert region too). */
const mismatchAlert = () =>
  screen
    .queryAllByRole('alert')
    .find((el) => el.textContent?.includes('This registration is for a'));

async function toRegoStep() {
  fakeApi({
    'POST /leads': () => ({ status: 201, json: { lead_id: 12 } }),
    'POST /valuations': () => ({ status: 201, json: valuation() }),
    'POST /valuations/adjustments': () => ({ json: valuation() }),
    'POST /rego-lookup': () => ({
      json: {
        rego: 'ABC123',
        regoState: 'QLD',
        vehicle: {
          year: 2019,
          make: 'Mazda',
          model: 'CX-5',
          body: 'SUV',
          colour: 'Red',
          vin: 'JM0000000000001',
        },
      },
    }),
  });
  renderFormBlock('trade-in', TradeIn);
  await toCarStep();
  await valueCar({
    make: 'Toyota',
    model: 'Corolla',
    year: thisYear - 3,
    odometer: '45,000',
    condition: /^Good: minor wear/,
  });
  type(/Registration/, 'abc123');
  await act(async () => click('Find my car'));
}

describe('the registration finds a different car (docs/forms.md, "Trade-in and sell my car")', () => {
  it('says so, naming both cars, and asks to confirm before the offer', async () => {
    await toRegoStep();
    await waitFor(() => expect(mismatchAlert()).toBeDefined());
    const alert = mismatchAlert()!;
    expect(alert.textContent).toContain('This registration is for a 2019 Mazda CX-5, not the');
    expect(alert.textContent).toContain(`${thisYear - 3} Toyota Corolla`);
    expect(screen.queryByRole('button', { name: 'See my offer' })).toBeNull();
    click('Yes, this is my car');
    await screen.findByRole('heading', { name: /Step 4 of 4/ });
  }, 60_000);

  it('"No, correct the registration" forgets the car and returns to the field', async () => {
    await toRegoStep();
    await waitFor(() => expect(mismatchAlert()).toBeDefined());
    click('No, correct the registration');
    await waitFor(() => expect(mismatchAlert()).toBeUndefined());
    expect(document.activeElement).toBe(screen.getByLabelText(/Registration/));
    screen.getByRole('button', { name: 'Find my car' });
  }, 60_000);
});
