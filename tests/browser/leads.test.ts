/**
 * Lead forms in Chromium against the real server and database (docs/forms.md):
 * a multi-step enquiry lands on /success with the lead stored, errors are listed with
 * what was typed kept, the trade-in postcode rule, and a gated route goes to sign-in
 * and back. The stored lead is read back through the staff view.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';
import { signInWithCode } from './sign-in.ts';
import { animationFrames } from './waits.ts';
import { EVENT_IDS } from '../../blocks/_shared/analytics.ts';

const base = inject('baseURL');
const STAFF_TOKEN = 'test-staff-token';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const seen = watchErrors(page);
  const response = await page.goto(`${base}${path}`);
  expect(response?.status()).toBe(200);
  await hydrated(page);
  return { page, context, errors: seen };
}

const hydrated = (page: Page) =>
  page.waitForFunction(
    () => (window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated === true,
  );

/** Answers the local captcha ("What is 7 + 5?"). */
async function solveCaptcha(page: Page) {
  const label = page.locator('label', { hasText: /Security question: What is/ });
  await label.waitFor();
  const text = (await label.textContent()) ?? '';
  const m = /What is (\d+) ([+-]) (\d+)\?/.exec(text);
  if (!m) throw new Error(`no captcha question in "${text}"`);
  const answer = m[2] === '+' ? Number(m[1]) + Number(m[3]) : Number(m[1]) - Number(m[3]);
  await page.getByLabel(/Security question/).fill(String(answer));
}

async function staffLeads(site: string) {
  const res = await fetch(`${base}/api/staff/leads?site=${site}`, {
    headers: { Authorization: `Bearer ${STAFF_TOKEN}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { leads: Array<Record<string, any>> };
}

const summaryItems = (page: Page) =>
  page
    .getByRole('group', { name: 'Please fix the following errors:' })
    .getByRole('link')
    .allTextContents();

describe('enquiry form in the browser', () => {
  it('completes a multi-step enquiry, lands on /success and the lead is stored', async () => {
    const { page, context, errors } = await open(
      '/sites/gold-coast-ford/contact?utm_source=browser-test',
    );
    const email = `sam.${Date.now()}@example.com`;
    await page.getByRole('heading', { name: /Step 1 of 2/ }).waitFor();
    await page.getByLabel(/First name/).fill('Sam');
    await page.getByLabel(/Last name/).fill('Taylor');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/Phone number/).fill('0412 345 678');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: /Step 2 of 2/ }).waitFor();
    expect(await page.getByLabel(/Enquiry about/).inputValue()).toBe('General Enquiry');
    await page.getByLabel(/Dealership/).selectOption('nerang-ford');
    await page.getByLabel(/^Message/).fill('Do you have a blue Ranger Wildtrak in stock?');
    await page.getByLabel(/keep me up to date/).check();
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Send enquiry' }).click();

    await page.waitForURL(/\/sites\/gold-coast-ford\/success$/);
    await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor();
    await page.getByText('Your enquiry has been sent.').waitFor();
    const dataLayer = await page.evaluate(
      () => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [],
    );
    expect(dataLayer).toContainEqual(
      expect.objectContaining({ event: 'lead_submitted', event_id: EVENT_IDS.generalEnquiry }),
    );

    const { leads } = await staffLeads('gold-coast-ford');
    const lead = leads.find((l) => l.email === email);
    expect(lead).toBeTruthy();
    expect(lead).toMatchObject({
      kind: 'lead',
      is_last_step: true,
      category: 'General Enquiry',
      name: 'Sam Taylor',
      phone: '0412 345 678',
      message: 'Do you have a blue Ranger Wildtrak in stock?',
    });
    expect(lead!.payload).toMatchObject({
      source: 'Website',
      dealership_slug: 'nerang-ford',
      opt_in: true,
      'category select': 'General Enquiry',
    });
    expect(lead!.visited_pages).toContain('/contact?utm_source=browser-test');
    expect(lead!.linked_query_params).toEqual({ utm_source: 'browser-test' });
    expect(leads.filter((l) => l.email === email)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists each error, moves focus to the list, and keeps everything typed', async () => {
    const { page, context, errors } = await open('/sites/southern-motor-group/contact');
    await page.getByLabel(/^Email/).fill('sam@example');
    await page.getByLabel(/Phone number/).fill('0412 345');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await summaryItems(page)).toEqual([
      'Please enter your first name.',
      'Please enter a valid email address, e.g. name@example.com.',
      'Please enter a valid Australian phone number, e.g. 0412 345 678.',
    ]);
    expect(
      await page.evaluate(() =>
        document.activeElement?.textContent?.startsWith('Please fix the following errors:'),
      ),
    ).toBe(true);
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('sam@example');
    expect(await page.getByLabel(/^Email/).getAttribute('aria-invalid')).toBe('true');
    // The summary link takes the visitor (and focus) to the field.
    await page.getByRole('link', { name: 'Please enter your first name.' }).click();
    expect(
      await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.autocomplete),
    ).toBe('given-name');

    await page.getByLabel(/First name/).fill('Sam');
    await page.getByLabel(/^Email/).fill('sam@example.com');
    await page.getByLabel(/Phone number/).fill('0412 345 678');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: /Step 2 of 2/ }).waitFor();
    await page.getByLabel(/Security question/).waitFor();
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    expect(await summaryItems(page)).toEqual([
      'Please select a location.',
      'Please select a dealership.',
      'Please enter your message.',
      'You must agree to the terms of use before submitting.',
      'Please answer the question to show you are not a robot.',
    ]);

    // A wrong captcha answer comes back from the server; the message and choices stay.
    // The dealership first: the locations offered are then its own (docs/forms.md).
    await page.getByLabel(/Dealership/).selectOption('southern-mazda');
    await page.getByLabel(/^Location/).selectOption({ index: 1 });
    await page.getByLabel(/^Message/).fill('Looking for a CX-5 for a family of five.');
    await page.getByLabel(/I agree to the/).check();
    await page.getByLabel(/Security question/).fill('999');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await page
      .getByRole('group', { name: 'Please fix the following errors:' })
      .getByRole('link', { name: /captcha question is not right/ })
      .waitFor();
    expect(await page.getByLabel(/^Message/).inputValue()).toBe(
      'Looking for a CX-5 for a family of five.',
    );
    expect(await page.getByLabel(/Dealership/).inputValue()).toBe('southern-mazda');
    expect(await page.getByLabel(/I agree to the/).isChecked()).toBe(true);
    expect(page.url()).toMatch(/\/contact$/);

    // Put right, the same form goes through.
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await page.waitForURL(/\/success$/);
    // 400s from the API are the only console errors allowed (the browser logs failed requests).
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('trade-in postcode rule', () => {
  it('requires exactly 4 digits, max length 4, on a numeric keypad (AU)', async () => {
    const { page, context } = await open('/sites/gold-coast-ford/trade-in');
    const postcode = page.getByLabel(/^Postcode/);
    expect(await postcode.getAttribute('maxlength')).toBe('4');
    expect(await postcode.getAttribute('inputmode')).toBe('numeric');
    expect(await postcode.getAttribute('type')).toBe('text');
    await postcode.pressSequentially('421789');
    expect(await postcode.inputValue()).toBe('4217'); // the box takes 4 characters
    await postcode.fill('42a');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await summaryItems(page)).toContain('Invalid postcode. Please enter a 4-digit number.');
    const errorId = (await postcode.getAttribute('aria-describedby'))!.split(' ').pop()!;
    expect(await page.locator(`#${errorId}`).textContent()).toContain(
      'Invalid postcode. Please enter a 4-digit number.',
    );
    await postcode.fill('4217');
    expect(await summaryItems(page)).not.toContain(
      'Invalid postcode. Please enter a 4-digit number.',
    );
    await context.close();
  });

  it('uses a 5-digit ZIP code on the US site and the trade-in lead is created', async () => {
    const { page, context } = await open('/sites/lakeside-chevrolet/trade-in');
    const zip = page.getByLabel(/^ZIP code/);
    expect(await zip.getAttribute('maxlength')).toBe('5');
    const email = `chris.${Date.now()}@example.com`;
    await page.getByLabel(/First Name/).fill('Chris');
    await page.getByLabel(/Last Name/).fill('Miller');
    await zip.fill('5370');
    await page.getByLabel(/Mobile Number/).fill('(608) 555-0134');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByLabel('Yes', { exact: true }).check();
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await summaryItems(page)).toEqual(['Invalid ZIP code. Please enter a 5-digit number.']);
    await zip.fill('53703');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: /Step 2 of 4/ }).waitFor();
    const { leads } = await staffLeads('lakeside-chevrolet');
    expect(leads.find((l) => l.email === email)).toMatchObject({
      category: 'Trade-in',
      subcategory: '1. Lead Created',
      is_last_step: false,
    });
    await context.close();
  });
});

describe('gated routes', () => {
  it('a gated page sends the visitor to sign-in and back again afterwards', async () => {
    const res = await fetch(`${base}/1/indexes/Car_production/query`, {
      method: 'POST',
      body: JSON.stringify({
        hitsPerPage: 1,
        filters: 'dealership_slug:"gold-coast-ford" AND status:in_stock',
      }),
    });
    const { hits } = (await res.json()) as { hits: { slug: string }[] };
    expect(hits.length).toBe(1);
    const checkout = `/cars/${hits[0].slug}/checkout`;

    const { page, context, errors } = await open('/sites/gold-coast-ford/trade-in');
    // Trade-in is never gated: it rendered above without a redirect.
    expect(page.url()).toMatch(/\/trade-in$/);
    await page.goto(`${base}/sites/gold-coast-ford${checkout}`);
    await page.waitForURL(/\/sites\/gold-coast-ford\/sign-in\?/);
    const q = new URL(page.url()).searchParams;
    expect(q.get('type')).toBe('sign-in');
    expect(q.get('redirect')).toBe(checkout);
    expect(q.get('back')).toBe('/trade-in');
    await page.getByText('Please sign in to continue.').waitFor();
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/sites/gold-coast-ford/trade-in',
    );

    // Another number than other tests': a number may ask for three codes in 15 minutes.
    await signInWithCode(page, inject('dataDir'), '0412 345 601');
    await page.waitForURL(new RegExp(`/sites/gold-coast-ford${checkout}$`));
    await page.locator('main [data-block-id] h1').first().waitFor();
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === 'fc_session_gold_coast_ford')).toBe(true);
    // The session token itself is out of page scripts' reach (docs/security.md, "Stored data").
    expect(cookies.find((c) => c.name === 'fc_sid_gold_coast_ford')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api',
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain('fc_sid_');

    // Signed in: the gate lets the visitor straight through on a fresh load.
    await page.goto(`${base}/sites/gold-coast-ford${checkout}`);
    await hydrated(page);
    await animationFrames(page); // the gate decides in the hydrating commit (engine/render/gate.tsx); a redirect would have landed by now
    expect(page.url()).toMatch(/\/checkout$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finance is open on sites that do not require sign-in for it', async () => {
    const { page, context } = await open('/sites/kiwi-car-yard/finance');
    await animationFrames(page); // as above: open() waited for hydration, when the gate decides
    expect(page.url()).toMatch(/\/finance$/);
    expect(await page.locator('#finance-form').count()).toBe(1);
    await context.close();
  });
});
