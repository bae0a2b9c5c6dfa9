import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { solveCaptchaQuestion } from '../../engine/api/adapters/captcha.ts';
import { createValidators } from '../../engine/api/validation.ts';
import { ROOT, fixtureSitesDir, removeDir, startApi } from '../../tests/unit/api/harness.ts';
import { fakeApi, renderFormBlock, type ApiCall } from '../_forms/test-helpers.tsx';
import { demoDocument } from '../_shared/test-utils.tsx';
import PersonalisedFinance from './index.tsx';

const STAFF = { authorization: 'Bearer staff-token-for-tests-0123456789' };
const RANGER = {
  id: 77,
  name: '2023 Ford Ranger XLT',
  car_type: 'new',
  price: 62000,
  dealership_id: 11,
  dealership_slug: 'gold-coast-ford',
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The real API on a copy of Gold Coast Ford. */
async function realApi() {
  const sitesDir = fixtureSitesDir();
  copyFileSync(join(ROOT, 'sites/templates/ford.json'), join(sitesDir, 'templates/ford.json'));
  writeFileSync(
    join(sitesDir, 'gold-coast-ford.json'),
    JSON.stringify(demoDocument('gold-coast-ford')),
  );
  const realFetch = globalThis.fetch;
  const api = await startApi({ sitesDir });
  const forward = async (call: ApiCall) => {
    const res = await realFetch(`${api.base}${call.path}`, {
      method: call.method,
      headers: { 'content-type': 'application/json' },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    return { status: res.status, json: await res.json() };
  };
  const leads = async () =>
    (
      await (
        await realFetch(`${api.base}/staff/leads?site=gold-coast-ford`, { headers: STAFF })
      ).json()
    ).leads;
  return {
    forward,
    leads,
    async close() {
      await api.close();
      removeDir(sitesDir);
    },
  };
}

async function fillAndSend(deposit: string) {
  await screen.findByText('2023 Ford Ranger XLT');
  await waitFor(() =>
    expect((screen.getByLabelText(/^Vehicle price$/) as HTMLInputElement).value).toBe('62000'),
  );
  type(/^Deposit$/, deposit);
  const label = await waitFor(() => screen.getByText(/Security question: What is/).textContent!);
  type(/First name/, 'Sam');
  type(/^Email/, 'sam@example.com');
  type(/Phone number/, '0412345678');
  type(
    /Security question/,
    String(solveCaptchaQuestion(label.replace(/^Security question: /, '').replace(/\s*\*$/, ''))),
  );
  await act(async () =>
    fireEvent.click(screen.getByRole('button', { name: 'Send me this quote' })),
  );
}

describe('personalised finance, end to end', () => {
  it('stores the lead with the quote the visitor set up', async () => {
    const api = await realApi();
    try {
      const fake = fakeApi({
        'GET /cars/77': () => ({ json: RANGER }),
        'GET /captcha': api.forward,
        'POST /leads': api.forward,
      });
      const view = renderFormBlock('personalised-finance', PersonalisedFinance, {
        route: '/personalised/finance?car_id=77',
      });
      await fillAndSend('12,000');
      await waitFor(() => expect(view.location()).toBe('/success'));
      const body = fake.posts('/leads')[0].body;
      expect(createValidators().check('lead-request', body)).toEqual([]);
      // 50,000 over 5 years at 10%: $245 a week.
      expect(body.finance_quote).toEqual({
        price: 62000,
        deposit: 12000,
        termYears: 5,
        interestRate: 10,
        paymentWeek: 245,
      });
      expect(body).not.toHaveProperty('extra');
      const [stored] = await api.leads();
      expect(stored).toMatchObject({ category: 'Personalised Finance', car_id: 77, name: 'Sam' });
      expect(stored.payload.finance_quote).toEqual(body.finance_quote);
      expect(JSON.parse(localStorage.getItem('fc:success:gold-coast-ford')!)).toMatchObject({
        category: 'Personalised Finance',
        car_name: '2023 Ford Ranger XLT',
      });
    } finally {
      await api.close();
    }
  });

  it('a refused request never shows the visitor a regular expression', async () => {
    const api = await realApi();
    try {
      // What the block used to send: the quote in extra under names the schema does not allow.
      fakeApi({
        'GET /cars/77': () => ({ json: RANGER }),
        'GET /captcha': api.forward,
        'POST /leads': (call) =>
          api.forward({
            ...call,
            body: {
              ...call.body,
              finance_quote: undefined,
              extra: { 'Quote rate (%)': 10, 'Quote term (years)': 5 },
            },
          }),
      });
      renderFormBlock('personalised-finance', PersonalisedFinance, {
        route: '/personalised/finance?car_id=77',
      });
      await fillAndSend('0');
      const summary = await screen.findByRole('group', {
        name: 'Please fix the following errors:',
      });
      const text = within(summary).getByRole('list').textContent!;
      expect(text).toMatch(/has a field name that is not allowed: "Quote/);
      expect(text).not.toMatch(/\^|\$|\[A-Za-z/);
      expect(await api.leads()).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
