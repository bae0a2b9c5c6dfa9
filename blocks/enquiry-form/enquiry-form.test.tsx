import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_IDS } from '../_shared/analytics.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import { readSuccess, enquiredCar } from '../_forms/storage.ts';
import EnquiryFormBlock from './index.tsx';
import { EnquiryModal } from '../_forms/EnquiryModal.tsx';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.dataLayer = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.dataLayer;
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const summary = () => screen.queryByRole('group', { name: 'Please fix the following errors:' });

async function ready() {
  // Captcha loaded and the form hydrated (the submit button is enabled).
  await screen.findByLabelText(/Security question: What is 7 \+ 5\?/);
}

function fillDetails() {
  type(/First name/, 'Sam');
  type(/Last name/, 'Taylor');
  type(/^Email/, 'sam@example.com');
  type(/Phone number/, '0412 345 678');
}

describe('enquiry form: steps and validation', () => {
  it('starts on step 1 and lists every error with a link, focusing the summary', async () => {
    fakeApi();
    renderFormBlock('enquiry-form', EnquiryFormBlock);
    screen.getByRole('heading', { name: /Step 1 of 2/ });
    type(/^Email/, 'not-an-email');
    submit('Continue');
    const box = summary()!;
    expect(box).toBeTruthy();
    expect(document.activeElement).toBe(box);
    const links = within(box).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Please enter your first name.',
      'Please enter a valid email address, e.g. name@example.com.',
      'Please enter your phone number.',
    ]);
    // Each link points at its field; the field says it is invalid and names its error.
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(links[1].getAttribute('href')).toBe(`#${email.id}`);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(email.getAttribute('aria-describedby')!.split(' ').pop()!)!
        .textContent,
    ).toContain('valid email');
    // What was typed stays.
    expect(email.value).toBe('not-an-email');
    fireEvent.click(links[0]);
    expect(document.activeElement).toBe(screen.getByLabelText(/First name/));
  });

  it('clears a field error as soon as it is fixed', () => {
    fakeApi();
    renderFormBlock('enquiry-form', EnquiryFormBlock);
    submit('Continue');
    expect(within(summary()!).getAllByRole('link')).toHaveLength(3);
    type(/First name/, 'Sam');
    expect(within(summary()!).getAllByRole('link')).toHaveLength(2);
  });

  it('validates phone numbers by region (NZ)', () => {
    fakeApi();
    renderFormBlock('enquiry-form', EnquiryFormBlock, { site: 'kiwi-car-yard' });
    fillDetails(); // an Australian mobile
    submit('Continue');
    expect(within(summary()!).getByRole('link').textContent).toMatch(/New Zealand phone number/);
  });

  it('advances to step 2 with the category select defaulting to General Enquiry', async () => {
    fakeApi();
    renderFormBlock('enquiry-form', EnquiryFormBlock);
    fillDetails();
    submit('Continue');
    expect(summary()).toBeNull();
    screen.getByRole('heading', { name: /Step 2 of 2/ });
    expect((screen.getByLabelText(/Enquiry about/) as HTMLSelectElement).value).toBe(
      'General Enquiry',
    );
    await ready();
    // gold-coast-ford: two dealerships, so a dealership select with its placeholder (docs/forms.md, "Enquiry form rules").
    const dealer = screen.getByLabelText(/Dealership/) as HTMLSelectElement;
    expect(dealer.options[0].textContent).toBe('Please select a dealership...');
    expect(screen.queryByLabelText(/^Location/)).toBeNull();
    expect(screen.queryByLabelText(/terms of use/)).toBeNull();
    submit('Send enquiry');
    expect(
      within(summary()!)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Please select a dealership.',
      'Please enter your message.',
      'Please answer the question to show you are not a robot.',
    ]);
    // Back keeps step 1's answers.
    submit('Back');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Sam');
  });

  it('asks location and terms where the site says so (southern-motor-group)', async () => {
    fakeApi();
    renderFormBlock('enquiry-form', EnquiryFormBlock, {
      site: 'southern-motor-group',
      props: { steps: 'one' },
    });
    await ready();
    screen.getByLabelText(/^Location/);
    submit('Send enquiry');
    const messages = within(summary()!)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(messages).toContain('Please select a location.');
    expect(messages).toContain('Please select a dealership.');
    expect(messages).toContain('You must agree to the terms of use before submitting.');
  });

  it('follows the switches: optional message, no dealership select, no captcha', () => {
    fakeApi();
    renderFormBlock('enquiry-form', EnquiryFormBlock, {
      props: { steps: 'one' },
      patch: (doc) =>
        Object.assign((doc.features ??= {}), {
          enquiryMessageOptional: true,
          removeDealershipSelect: true,
          captcha: false,
        }),
    });
    expect(screen.queryByLabelText(/Dealership/)).toBeNull();
    expect(screen.queryByLabelText(/Security question/)).toBeNull();
    expect(screen.getByLabelText(/Message/).closest('.fc-field')!.textContent).toContain(
      '(optional)',
    );
    screen.getByLabelText(/Yes, keep me up to date with special offers/);
  });
});

describe('enquiry form: submitting', () => {
  async function fillAll(site: 'gold-coast-ford' | 'kiwi-car-yard' = 'gold-coast-ford') {
    fillDetails();
    if (site === 'kiwi-car-yard') type(/Phone number/, '021 123 4567');
    submit('Continue');
    await ready();
    if (site === 'gold-coast-ford')
      fireEvent.change(screen.getByLabelText(/Dealership/), { target: { value: 'nerang-ford' } });
    type(/Message/, 'Do you have any Rangers in blue?');
    fireEvent.click(screen.getByLabelText(/Yes, keep me up to date/));
    type(/Security question/, '12');
  }

  it('sends the lead, stores the success category, tracks event 22 and goes to /success', async () => {
    const api = fakeApi({ 'POST /leads': () => ({ status: 201, json: { lead_id: 9 } }) });
    const view = renderFormBlock('enquiry-form', EnquiryFormBlock, {
      route: '/contact?utm_source=newsletter',
    });
    await fillAll();
    await act(async () => submit('Send enquiry'));
    await waitFor(() => expect(view.location()).toBe('/success'));
    const [lead] = api.posts('/leads');
    expect(lead.body).toMatchObject({
      site: 'gold-coast-ford',
      isLastStep: true,
      source: 'Website',
      name: 'Sam',
      last_name: 'Taylor',
      email: 'sam@example.com',
      phone: '0412 345 678',
      message: 'Do you have any Rangers in blue?',
      category: 'General Enquiry',
      'category select': 'General Enquiry',
      dealership_slug: 'nerang-ford',
      opt_in: true,
      captcha: { token: 'captcha-token', answer: '12' },
      event_id: EVENT_IDS.generalEnquiry,
    });
    expect(lead.body.submission_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(readSuccess('gold-coast-ford')).toMatchObject({
      success: true,
      category: 'General Enquiry',
      lead_id: 9,
    });
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({
        event: 'lead_submitted',
        event_id: EVENT_IDS.generalEnquiry,
        lead_id: 9,
      }),
    );
  });

  it('shows the server error in a destructive alert and keeps everything typed', async () => {
    fakeApi({
      'POST /leads': () => ({
        status: 429,
        json: { error: 'Too many requests. Please wait a minute and try again.' },
      }),
    });
    const view = renderFormBlock('enquiry-form', EnquiryFormBlock);
    await fillAll();
    await act(async () => submit('Send enquiry'));
    const alert = await screen.findByText('Too many requests. Please wait a minute and try again.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(view.location()).toBe('/');
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe(
      'Do you have any Rangers in blue?',
    );
    expect((screen.getByLabelText(/Security question/) as HTMLInputElement).value).toBe('12');
    expect(screen.getByRole('button', { name: 'Send enquiry' })).toHaveProperty('disabled', false);
  });

  it('"An unexpected error occured" when the answer has neither lead_id nor error', async () => {
    fakeApi({ 'POST /leads': () => ({ status: 200, json: {} }) });
    renderFormBlock('enquiry-form', EnquiryFormBlock);
    await fillAll();
    await act(async () => submit('Send enquiry'));
    await screen.findByText('An unexpected error occured');
  });

  it('"An error occurred when submitting this form" when the network fails, and a retry reuses the submission id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    const api = fakeApi({
      'POST /leads': () => (fail ? 'network-error' : { status: 200, json: { lead_id: 3 } }),
    });
    const view = renderFormBlock('enquiry-form', EnquiryFormBlock);
    await fillAll();
    await act(async () => submit('Send enquiry'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    await screen.findByText('An error occurred when submitting this form');
    expect(api.posts('/leads')).toHaveLength(3); // the first try and two automatic retries
    fail = false;
    await act(async () => submit('Send enquiry'));
    await waitFor(() => expect(view.location()).toBe('/success'));
    const ids = new Set(api.posts('/leads').map((c) => c.body.submission_id));
    expect(ids.size).toBe(1);
    vi.useRealTimers();
  });

  it('maps API field errors to the fields, on the step that has them', async () => {
    fakeApi({
      'POST /leads': () => ({
        status: 400,
        json: {
          error: 'Please fix the following errors:',
          fields: [
            {
              path: '/phone',
              message: 'Please enter a valid Australian phone number, e.g. 0412 345 678.',
            },
          ],
        },
      }),
    });
    renderFormBlock('enquiry-form', EnquiryFormBlock);
    await fillAll();
    await act(async () => submit('Send enquiry'));
    await waitFor(() => expect(summary()).toBeTruthy());
    expect(within(summary()!).getByRole('link').textContent).toBe(
      'Please enter a valid Australian phone number, e.g. 0412 345 678.',
    );
    screen.getByRole('heading', { name: /Step 1 of 2/ });
    expect(screen.getByLabelText(/Phone number/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe(''); // the summary says it; no duplicate alert
  });

  it('ignores a double click: one request, button disabled with a spinner while sending', async () => {
    let release!: () => void;
    const api = fakeApi({
      'POST /leads': () =>
        new Promise((resolve) => (release = () => resolve({ status: 201, json: { lead_id: 5 } }))),
    });
    renderFormBlock('enquiry-form', EnquiryFormBlock);
    await fillAll();
    const button = screen.getByRole('button', { name: 'Send enquiry' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.querySelector('.fc-spinner')).toBeTruthy();
    expect(busy.closest('form')!.getAttribute('aria-busy')).toBe('true');
    expect(api.posts('/leads')).toHaveLength(1);
    await act(async () => release());
  });
});

describe('EnquiryModal (car cards and the car page)', () => {
  function renderModal(car: Record<string, unknown>, mode: 'enquiry' | 'test-drive') {
    const { site, data } = prepareDemoSite();
    return render(
      <SiteProvider site={site} data={data} mode="development">
        <MemoryRouter>
          <EnquiryModal
            car={{
              id: 77,
              name: '2021 Ford Ranger XLT',
              dealership_id: 11,
              dealership_slug: 'gold-coast-ford',
              ...car,
            }}
            mode={mode}
            open
            onClose={() => {}}
          />
        </MemoryRouter>
      </SiteProvider>,
    );
  }

  async function send() {
    fillDetails();
    submit('Continue');
    await ready();
    if (screen.queryByLabelText(/^Message/)?.hasAttribute('required'))
      type(/^Message/, 'Still available?');
    type(/Security question/, '12');
    await act(async () => submit(/Send enquiry|Book test drive/));
  }

  it.each([
    [{ car_type: 'used' }, 'enquiry', 15, 'Used Car Enquiry'],
    [{ car_type: 'new' }, 'enquiry', 14, 'New Car Enquiry'],
    [{ car_type: 'new' }, 'test-drive', 17, 'Test Drive'],
    [{ car_type: 'used' }, 'test-drive', 48, 'Test Drive'],
    [{ car_type: 'used', tag: 'Test Drive Only' }, 'test-drive', 17, 'Test Drive'],
  ] as const)(
    '%o %s → event %i, category %s; the car is recorded',
    async (car, mode, eventId, category) => {
      const api = fakeApi({ 'POST /leads': () => ({ status: 201, json: { lead_id: 31 } }) });
      renderModal(car, mode);
      screen.getByRole('dialog');
      screen.getByText('2021 Ford Ranger XLT');
      expect(screen.queryByLabelText(/Dealership/)).toBeNull(); // the car says which
      await send();
      await waitFor(() => expect(api.posts('/leads')).toHaveLength(1));
      // The stored lead carries the same event id as the page's dataLayer.
      expect(api.posts('/leads')[0].body).toMatchObject({
        category,
        car_id: 77,
        car_dealership_id: 11,
        dealership_slug: 'gold-coast-ford',
        event_id: eventId,
      });
      await waitFor(() =>
        expect(window.dataLayer).toContainEqual(
          expect.objectContaining({ event_id: eventId, car_id: 77 }),
        ),
      );
      expect(enquiredCar('gold-coast-ford')).toMatchObject({ id: 77, lead_id: 31 });
    },
  );
});

describe('lead category override', () => {
  it('leadCategory names the lead whatever the car (e.g. Reserve Online)', async () => {
    const { EnquiryForm } = await import('../_forms/EnquiryForm.tsx');
    const api = fakeApi({ 'POST /leads': () => ({ status: 201, json: { lead_id: 40 } }) });
    const { site, data } = prepareDemoSite();
    render(
      <SiteProvider site={site} data={data} mode="development">
        <MemoryRouter>
          <EnquiryForm
            mode="enquiry"
            steps="one"
            leadCategory="Reserve Online"
            car={{ id: 5, car_type: 'new', dealership_slug: 'gold-coast-ford' }}
            formId="checkout"
          />
        </MemoryRouter>
      </SiteProvider>,
    );
    fillDetails();
    type(/^Message/, 'Hold it for me please');
    await ready();
    type(/Security question/, '12');
    await act(async () => submit('Send enquiry'));
    await waitFor(() => expect(api.posts('/leads')).toHaveLength(1));
    expect(api.posts('/leads')[0].body).toMatchObject({ category: 'Reserve Online', car_id: 5 });
  });
});
