import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { BlockEnvironmentProvider } from '../../engine/render/BlockTree.tsx';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import { createValidators } from '../../engine/api/validation.ts';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import { demoDocument, prepareDemoSite } from '../_shared/test-utils.tsx';
import { solveCaptchaQuestion } from '../../engine/api/adapters/captcha.ts';
import { ROOT, fixtureSitesDir, removeDir, startApi } from '../../tests/unit/api/harness.ts';
import type { ServiceBookingProps } from '../../schemas/resolved.gen.ts';
import ServiceBooking from './index.tsx';

// Monday 2 June 2025, 11:00 on the Gold Coast (Australia/Brisbane, UTC+10).
const NOW = new Date('2025-06-02T01:00:00.000Z');
const validators = createValidators();

beforeEach(() => {
  // Only Date is faked: the form's timers and testing-library's waits stay real.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const select = (label: string | RegExp) => screen.getByLabelText(label) as HTMLSelectElement;
const optionValues = (el: HTMLSelectElement) => [...el.options].map((o) => o.value).filter(Boolean);

/** Gold Coast Ford, with a holiday at the service centre. */
function holidayPatch(doc: Record<string, any>) {
  const service = doc.locations.find((l: { id: number }) => l.id === 3);
  service.contact_detail.special_hours = [
    { date: '2025-06-09', status: 'Closed', label: "King's Birthday" },
    {
      date: '2025-06-14',
      status: 'Open',
      start_hour: '09:00',
      end_hour: '11:00',
      label: 'Show day',
    },
  ];
}

/** The block on a test page (its own id: the site's /service page has the block with id service-booking). */
function render(options: Parameters<typeof renderFormBlock>[2] = {}) {
  const patch = options.site && options.site !== 'gold-coast-ford' ? undefined : holidayPatch;
  return renderFormBlock('service-booking', ServiceBooking, {
    patch,
    id: 'booking-under-test',
    ...options,
  });
}

async function fillDetails() {
  await waitFor(() => screen.getByLabelText(/Security question: What is/));
  type(/First name/, 'Sam');
  type(/^Email/, 'sam@example.com');
  type(/Phone number/, '0412 345 678');
  type(/Security question/, '12');
}

describe('service booking block', () => {
  it('is the anchor of its id (#service-booking on the service page), with labelled controls and the centre of a one-centre site chosen', () => {
    fakeApi();
    const view = render();
    const root = view.container.querySelector('section')!;
    expect(root.id).toBe('booking-under-test');
    expect(root.getAttribute('data-block-id')).toBe('booking-under-test');
    expect(ServiceBooking.ownAnchor).toBe(true); // the renderer adds no second element with that id
    screen.getByRole('heading', { name: 'Book a service' });
    const centre = select(/Service centre/);
    expect(optionValues(centre)).toEqual(['3']);
    expect(centre.value).toBe('3');
    screen.getByText(
      /Service hours: Monday – Friday 7:00 am – 5:00 pm; Saturday 7:30 am – 12:00 pm; Sunday Closed\./,
    );
    expect(optionValues(select(/Type of service/))).toEqual([
      'Logbook service',
      'General service',
      'Brakes',
      'Tyres',
      'Air-conditioning',
      'Other',
    ]);
    for (const label of [
      /^Date/,
      /Drop-off time/,
      /Registration/,
      /^Make/,
      /^Model/,
      /First name/,
      /^Email/,
      /Phone number/,
      /^Notes/,
    ]) {
      screen.getByLabelText(label);
    }
    expect(screen.getByLabelText(/^Make/).closest('.fc-field')!.textContent).toContain(
      '(optional)',
    );
    const date = screen.getByLabelText(/^Date/) as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.min).toBe('2025-06-02');
    expect(date.max).toBe('2025-08-31');
  });

  it('offers the service hours of the chosen day, every 30 minutes, and nothing on a closed day or a holiday', () => {
    fakeApi();
    render();
    type(/^Date/, '2025-06-03');
    const times = select(/Drop-off time/);
    expect(optionValues(times)[0]).toBe('07:00');
    expect(optionValues(times).at(-1)).toBe('16:30');
    expect([...times.options].find((o) => o.value === '13:30')!.textContent).toBe('1:30 pm');
    screen.getByText('Open 7:00 am – 5:00 pm.');

    type(/^Date/, '2025-06-08');
    expect(optionValues(select(/Drop-off time/))).toEqual([]);
    screen.getByText('Gold Coast Ford Service is closed on Sundays. Please choose another day.');

    type(/^Date/, '2025-06-09');
    expect(optionValues(select(/Drop-off time/))).toEqual([]);
    screen.getByText(
      "Gold Coast Ford Service is closed on King's Birthday. Please choose another day.",
    );

    type(/^Date/, '2025-06-14');
    expect(optionValues(select(/Drop-off time/))).toEqual(['09:00', '09:30', '10:00', '10:30']);
    screen.getByText('Open 9:00 am – 11:00 am (Show day hours).');

    // Today: an hour's notice.
    type(/^Date/, '2025-06-02');
    expect(optionValues(select(/Drop-off time/))[0]).toBe('12:00');
  });

  it('clears a chosen time the new day does not offer, and keeps one it does', () => {
    fakeApi();
    render();
    type(/^Date/, '2025-06-03');
    fireEvent.change(select(/Drop-off time/), { target: { value: '09:00' } });
    type(/^Date/, '2025-06-04');
    expect(select(/Drop-off time/).value).toBe('09:00');
    fireEvent.change(select(/Drop-off time/), { target: { value: '16:00' } });
    type(/^Date/, '2025-06-07'); // Saturday: 7:30 to 12:00
    expect(select(/Drop-off time/).value).toBe('');
  });

  it('refuses a closed day in the error summary; the link focuses the date', () => {
    fakeApi();
    render();
    fireEvent.change(select(/Type of service/), { target: { value: 'Brakes' } });
    type(/^Date/, '2025-06-08');
    fireEvent.click(screen.getByRole('button', { name: 'Request booking' }));
    const summary = screen.getByRole('group', { name: 'Please fix the following errors:' });
    expect(document.activeElement).toBe(summary);
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Gold Coast Ford Service is closed on Sundays. Please choose another day.',
      'Please choose a time.',
      'Please enter your first name.',
      'Please enter your email address.',
      'Please enter your phone number.',
      'Please answer the question to show you are not a robot.',
    ]);
    const date = screen.getByLabelText(/^Date/);
    expect(date.getAttribute('aria-invalid')).toBe('true');
    // Said once, as the error (not again as the day's hours).
    const said = [
      ...date.closest('.fc-field')!.querySelectorAll('.fc-field__help, .fc-field__error'),
    ].filter((p) => p.textContent!.includes('closed on Sundays'));
    expect(said.map((p) => p.className)).toEqual(['fc-field__error']);
    expect(date.getAttribute('aria-describedby')).toContain(`${date.id}-error`);
    fireEvent.click(links[0]);
    expect(document.activeElement).toBe(date);
    // Put right, the error goes.
    type(/^Date/, '2025-06-10');
    expect(date.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends a Service Booking lead the API accepts, then goes to /success', async () => {
    const api = fakeApi({ 'POST /leads': () => ({ status: 201, json: { lead_id: 31 } }) });
    const view = render();
    fireEvent.change(select(/Type of service/), { target: { value: 'Logbook service' } });
    type(/^Date/, '2025-06-03');
    fireEvent.change(select(/Drop-off time/), { target: { value: '07:30' } });
    type(/Registration/, 'abc123');
    type(/^Make/, 'Ford');
    type(/^Model/, 'Ranger');
    type(/^Notes/, 'Squeaky brakes');
    await fillDetails();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request booking' })));
    await waitFor(() => expect(view.location()).toBe('/success'));
    const body = api.posts('/leads')[0].body;
    expect(body).toMatchObject({
      site: 'gold-coast-ford',
      category: 'Service Booking',
      location_id: 3,
      dealership_slug: 'gold-coast-ford',
      service_type: 'Logbook service',
      booking_date: '2025-06-03',
      booking_time: '07:30',
      Rego: 'ABC123',
      'Vehicle Make': 'Ford',
      'Vehicle Model': 'Ranger',
      message: 'Squeaky brakes',
      captcha: { token: 'captcha-token', answer: '12' },
      isLastStep: true,
    });
    expect(validators.check('lead-request', body)).toEqual([]);
    expect(JSON.parse(localStorage.getItem('fc:success:gold-coast-ford')!)).toMatchObject({
      category: 'Service Booking',
      lead_id: 31,
    });
  });

  it("shows the API's field error on the time, keeps every answer and retries with the same submission_id", async () => {
    let calls = 0;
    const api = fakeApi({
      'POST /leads': () =>
        ++calls === 1
          ? {
              status: 400,
              json: {
                error: 'Please fix the following errors:',
                fields: [
                  {
                    path: '/booking_time',
                    message: 'That time has passed. Please choose a later time.',
                  },
                ],
              },
            }
          : { status: 201, json: { lead_id: 32 } },
    });
    const view = render();
    fireEvent.change(select(/Type of service/), { target: { value: 'Tyres' } });
    type(/^Date/, '2025-06-03');
    fireEvent.change(select(/Drop-off time/), { target: { value: '08:00' } });
    await fillDetails();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request booking' })));
    const summary = await screen.findByRole('group', { name: 'Please fix the following errors:' });
    expect(within(summary).getByRole('link').textContent).toBe(
      'That time has passed. Please choose a later time.',
    );
    const time = select(/Drop-off time/);
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(time.value).toBe('08:00');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Sam');
    fireEvent.change(time, { target: { value: '09:00' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request booking' })));
    await waitFor(() => expect(view.location()).toBe('/success'));
    const [first, second] = api.posts('/leads');
    expect(second.body.submission_id).toBe(first.body.submission_id);
    expect(second.body.booking_time).toBe('09:00');
  });

  it('books at the showroom of a yard without a service centre', () => {
    fakeApi();
    render({ site: 'kiwi-car-yard' });
    expect(optionValues(select(/Service centre/))).toEqual(['31']);
    type(/^Date/, '2025-06-08'); // a Sunday: Kiwi Car Yard opens 10 to 3
    expect(optionValues(select(/Drop-off time/))[0]).toBe('10:00');
  });

  it('without any location that keeps hours, asks the visitor to call', () => {
    fakeApi();
    render({
      site: 'kiwi-car-yard',
      patch: (doc) => {
        for (const l of doc.locations) delete l.contact_detail.opening_hours;
      },
    });
    expect(screen.queryByRole('button', { name: 'Request booking' })).toBeNull();
    screen.getByText(/Online booking is not available/);
  });

  it('renders on the server with no dates or times, the submit disabled until hydration', () => {
    const { site, data } = prepareDemoSite({ site: 'southern-motor-group' });
    const block = site.pages
      .find((p) => p.path === '/service')!
      .blocks!.find((b) => b.id === 'service-booking')!;
    expect(block.type).toBe('service-booking');
    const Component = ServiceBooking.component;
    const html = renderToString(
      <SiteProvider site={site} data={data} mode="production">
        <StaticRouter location="/service">
          <BlockEnvironmentProvider value={{ blocks: {}, data: {} }}>
            {/* prepareDemoSite validated these props and filled their defaults, as the server does. */}
            <Component props={block.props as ServiceBookingProps} block={block} slots={{}} />
          </BlockEnvironmentProvider>
        </StaticRouter>
      </SiteProvider>,
    );
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""/);
    expect(html).not.toMatch(/min="\d{4}-/);
    expect(html).toContain('Choose a date first');
    for (const m of html.matchAll(/<(input|select|textarea)\b[^>]*\bid="([^"]+)"/g))
      expect(html).toContain(`for="${m[2]}"`);
  });
});

describe('service booking against the real API', () => {
  it('the block’s booking is stored; a closed day comes back as a field error on the date', async () => {
    const sitesDir = fixtureSitesDir();
    copyFileSync(join(ROOT, 'sites/templates/ford.json'), join(sitesDir, 'templates/ford.json'));
    const doc = demoDocument('gold-coast-ford');
    holidayPatch(doc);
    writeFileSync(join(sitesDir, 'gold-coast-ford.json'), JSON.stringify(doc));
    const realFetch = globalThis.fetch;
    const api = await startApi({ sitesDir, now: () => new Date() });
    const forward = async (call: { method: string; path: string; body?: unknown }) => {
      const res = await realFetch(`${api.base}${call.path}`, {
        method: call.method,
        headers: { 'content-type': 'application/json' },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      return { status: res.status, json: await res.json() };
    };
    try {
      let first = true;
      fakeApi({
        'GET /captcha': forward,
        // The first send skips the browser's checks (a closed day), as a stale page or a bot would.
        'POST /leads': (call) =>
          first
            ? ((first = false),
              forward({ ...call, body: { ...call.body, booking_date: '2025-06-08' } }))
            : forward(call),
      });
      const view = render();
      fireEvent.change(select(/Type of service/), { target: { value: 'Brakes' } });
      type(/^Date/, '2025-06-03');
      fireEvent.change(select(/Drop-off time/), { target: { value: '16:30' } });
      const label = await waitFor(
        () => screen.getByText(/Security question: What is/).textContent!,
      );
      type(/First name/, 'Sam');
      type(/^Email/, 'sam@example.com');
      type(/Phone number/, '0412 345 678');
      type(
        /Security question/,
        String(
          solveCaptchaQuestion(label.replace(/^Security question: /, '').replace(/\s*\*$/, '')),
        ),
      );
      await act(async () =>
        fireEvent.click(screen.getByRole('button', { name: 'Request booking' })),
      );
      const summary = await screen.findByRole('group', {
        name: 'Please fix the following errors:',
      });
      expect(within(summary).getByRole('link').textContent).toBe(
        'Gold Coast Ford Service is closed on Sundays. Please choose another day.',
      );
      expect(screen.getByLabelText(/^Date/).getAttribute('aria-invalid')).toBe('true');
      await act(async () =>
        fireEvent.click(screen.getByRole('button', { name: 'Request booking' })),
      );
      await waitFor(() => expect(view.location()).toBe('/success'));
      const staff = await realFetch(`${api.base}/staff/leads?site=gold-coast-ford`, {
        headers: { authorization: 'Bearer staff-token-for-tests-0123456789' },
      });
      const [stored] = (await staff.json()).leads;
      expect(stored).toMatchObject({ category: 'Service Booking', name: 'Sam' });
      expect(stored.payload).toMatchObject({
        location_id: 3,
        service_type: 'Brakes',
        booking_date: '2025-06-03',
        booking_time: '16:30',
      });
    } finally {
      await api.close();
      removeDir(sitesDir);
    }
  });
});
