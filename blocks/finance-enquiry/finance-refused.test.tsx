/**
 * A refused or failed finance enquiry keeps everything the visitor typed (docs/forms.md,
 * "How every form behaves": nothing typed is lost on any failure), shows the server's
 * words, and sends the same submission_id when the visitor tries again.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import FinanceEnquiry from './index.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('finance enquiry refused', () => {
  it.each([
    {
      status: 422,
      json: { error: 'Please check the form', fields: [{ path: '/email', message: 'is taken' }] },
      shown: /is taken/,
    },
    {
      status: 500,
      json: { error: 'Your enquiry could not be saved. Please try again.' },
      shown: 'Your enquiry could not be saved. Please try again.',
    },
  ])('keeps every answer after a $status answer', async ({ status, json, shown }) => {
    let answers = 0;
    const api = fakeApi({
      'POST /leads': () =>
        ++answers === 1 ? { status, json } : { status: 201, json: { lead_id: 5 } },
    });
    const view = renderFormBlock('finance-enquiry', FinanceEnquiry, {
      route: '/finance?preferredDealership=nerang-ford&vehiclePriceBudget=45000',
    });
    await waitFor(() => screen.getByLabelText(/Security question: What is/));
    type(/First name/, 'Sam');
    type(/^Email/, 'sam@example.com');
    type(/Phone number/, '0412345678');
    type(/Security question/, '12');
    const send = () =>
      fireEvent.click(screen.getByRole('button', { name: 'Send finance enquiry' }));
    await act(async () => send());
    await waitFor(() => expect(api.posts('/leads')).toHaveLength(1));
    await screen.findAllByText(shown);
    expect(view.location()).not.toBe('/success');
    expect(valueOf(/First name/)).toBe('Sam');
    expect(valueOf(/^Email/)).toBe('sam@example.com');
    expect(valueOf(/Phone number/)).toBe('0412345678');
    expect(valueOf(/Security question/)).toBe('12');
    expect(valueOf(/Vehicle price or budget/)).toBe('45000');
    expect((screen.getByLabelText(/Preferred dealership/) as HTMLSelectElement).value).toBe(
      'nerang-ford',
    );
    await act(async () => send());
    await waitFor(() => expect(view.location()).toBe('/success'));
    const [first, second] = api.posts('/leads');
    expect(second.body.submission_id).toBe(first.body.submission_id);
  });
});
