/**
 * The filters on a phone (docs/search-ui.md, "Filters on a phone"): a modal sheet with Show Me
 * as its footer, opened by its fragment when tapped before the UI hydrated, a failed search
 * told inside it, and the box that finds a make. The real UI on the real engine, in process.
 */
import { join } from 'node:path';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadInventory } from '../../demo/defaults.ts';
import { createCarSearchEngine, createLocalSearchClient } from '../../engine/search/index.ts';
import { renderBlock } from '../_shared/test-utils.tsx';
import { SHEET_MEDIA } from './FilterPanel.tsx';
import SearchPageApp from './SearchPageApp.tsx';
import { SHEET_ENTRY } from './sheet.ts';

const h = vi.hoisted(() => ({ client: undefined as unknown, fail: false }));
vi.mock('../_search/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../_search/client.ts')>();
  return { ...real, searchClientFor: () => h.client };
});

beforeAll(() => {
  const cars = loadInventory(join(import.meta.dirname, '../../sites'), {
    count: 1500,
    now: Date.UTC(2025, 5, 15),
  });
  const local = createLocalSearchClient(createCarSearchEngine(cars));
  h.client = {
    search: (requests: Parameters<typeof local.search>[0]) =>
      h.fail
        ? Promise.reject(Object.assign(new Error('search unavailable'), { status: 500 }))
        : local.search(requests),
    clearCache: () => local.clearCache(),
  };
}, 60_000);

/** A phone: the sheet's media query matches. */
const phone = (narrow = true) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query === SHEET_MEDIA,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

beforeEach(() => {
  h.fail = false;
  window.history.replaceState(null, '', '/search/new-used-and-demo-cars');
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderBlock(
    'search-page',
    { component: SearchPageApp },
    {
      route: '/search/new-used-and-demo-cars',
      props: {},
    },
  );
const ready = (r: ReturnType<typeof render>) =>
  waitFor(() => expect(r.container.querySelector('.fc-car-card')).not.toBeNull());

describe('the filter sheet on a phone', () => {
  it('opens as a modal dialog: the rest of the page inert, its scroll locked; Escape closes it and focus goes back', async () => {
    phone();
    const r = render();
    await ready(r);
    const toggle = r.container.querySelector<HTMLElement>('a[aria-haspopup="dialog"]')!;
    expect(toggle.textContent).toBe('Filters');
    expect(toggle.getAttribute('href')).toBe('#under-test-filters');
    fireEvent.click(toggle);
    const sheet = document.getElementById('under-test-filters')!;
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.documentElement.style.overflow).toBe('hidden'));
    expect(sheet.contains(document.activeElement)).toBe(true);
    expect(
      r.container.querySelector('.fc-search-page__results')!.closest('[inert]'),
    ).not.toBeNull();
    expect(sheet.closest('[inert]')).toBeNull();
    expect(sheet.querySelector('.fc-search-show-me')!.textContent).toMatch(/^Show Me [\d,]+ Cars$/);

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(sheet.getAttribute('role')).toBeNull());
    expect(document.activeElement).toBe(toggle);
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('closes on Back (Android’s Back button) from its own history entry, the search’s address unchanged', async () => {
    phone();
    const r = render();
    await ready(r);
    const address = window.location.pathname + window.location.search;
    const toggle = r.container.querySelector<HTMLElement>('a[aria-haspopup="dialog"]')!;
    fireEvent.click(toggle);
    const sheet = document.getElementById('under-test-filters')!;
    await waitFor(() => expect(window.history.state?.[SHEET_ENTRY]).toBe('under-test-filters'));
    expect(window.location.pathname + window.location.search).toBe(address);
    window.history.back();
    await waitFor(() => expect(sheet.getAttribute('role')).toBeNull());
    expect(document.activeElement).toBe(toggle);
    expect(document.querySelector('[inert]')).toBeNull();
    expect(window.location.pathname + window.location.search).toBe(address);
    expect(window.history.state?.[SHEET_ENTRY]).toBeUndefined();
  });

  it('takes its history entry away again when closed another way', async () => {
    phone();
    const r = render();
    await ready(r);
    const toggle = r.container.querySelector<HTMLElement>('a[aria-haspopup="dialog"]')!;
    fireEvent.click(toggle);
    await waitFor(() => expect(window.history.state?.[SHEET_ENTRY]).toBe('under-test-filters'));
    const address = window.location.href;
    fireEvent.keyDown(document, { key: 'Escape' });
    // Gone back from the sheet's entry: Back from here leaves the search page rather than doing nothing.
    await waitFor(() => expect(window.history.state?.[SHEET_ENTRY]).toBeUndefined());
    expect(window.location.href).toBe(address);
    expect(document.getElementById('under-test-filters')!.getAttribute('role')).toBeNull();
  });

  it('stays open once hydrated when a tap opened it by its fragment before', async () => {
    phone();
    window.history.replaceState(null, '', '/search/new-used-and-demo-cars#under-test-filters');
    const r = render();
    await ready(r);
    const sheet = document.getElementById('under-test-filters')!;
    await waitFor(() => expect(sheet.getAttribute('role')).toBe('dialog'));
    const close = sheet.querySelector<HTMLElement>('.fc-search-page__sheet-close')!;
    expect(close.textContent).toBe('Close filters');
    fireEvent.click(close);
    await waitFor(() => expect(sheet.getAttribute('role')).toBeNull());
    // Closed for good: the fragment that opened it is gone from the address.
    expect(window.location.hash).toBe('');
  });

  it('is a side panel on a wide screen: its fragment opens no dialog', async () => {
    phone(false);
    window.history.replaceState(null, '', '/search/new-used-and-demo-cars#under-test-filters');
    const r = render();
    await ready(r);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.getElementById('under-test-filters')!.tagName).toBe('ASIDE');
  });

  it('tells a failed search inside the sheet, and Show Me gives no count until one works', async () => {
    phone();
    const r = render();
    await ready(r);
    fireEvent.click(r.container.querySelector('a[aria-haspopup="dialog"]')!);
    const sheet = document.getElementById('under-test-filters')!;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    h.fail = true;
    fireEvent.click(sheet.querySelector('.fc-search-make')!);
    await within(sheet).findByText(/couldn’t count the cars just now/);
    const showMe = sheet.querySelector('.fc-search-show-me')!;
    expect(showMe.textContent).toBe('Show Me Cars');
    h.fail = false;
    fireEvent.click(within(sheet).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(showMe.textContent).toMatch(/^Show Me [\d,]+ Cars?$/));
    expect(within(sheet).queryByText(/couldn’t count the cars just now/)).toBeNull();
    error.mockRestore();
  });
});

describe('the make finder', () => {
  it('lists the makes whose names hold the words typed, and says when none does', async () => {
    const r = render();
    await ready(r);
    const box = r.getByLabelText('Find a make');
    const names = () =>
      [...r.container.querySelectorAll('.fc-search-make__name')].map((n) => n.textContent);
    expect(names().length).toBeGreaterThan(1);
    fireEvent.change(box, { target: { value: 'toy' } });
    await waitFor(() => expect(names()).toEqual(['Toyota']));
    fireEvent.change(box, { target: { value: 'zzz' } });
    await waitFor(() => expect(names()).toEqual([]));
    r.getByText('No make matches “zzz”');
  });
});
