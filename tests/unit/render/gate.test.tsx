/**
 * Gated pages (page.gate) and the visit tracker that SiteApp runs on every page:
 * visitors without a session go to /sign-in?type=&redirect=&back= and nothing else moves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { defineBlock, type BlockRegistry } from '../../../engine/render/block.ts';
import { BlockLoader } from '../../../engine/render/registry.ts';
import { SiteApp } from '../../../engine/render/SiteApp.tsx';
import {
  addVisit,
  campaignParams,
  clearSession,
  gateApplies,
  isSignedIn,
  linkedQueryParams,
  previousPage,
  readSession,
  safeInternalPath,
  sessionCookieName,
  signInHref,
  visitedPages,
  writeSession,
} from '../../../engine/render/visitor.ts';
import { minimalDoc, prepared } from '../helpers.ts';

const Text = defineBlock<{ heading: string }>({
  component: ({ props }) => <h1>{props.heading}</h1>,
});
const registry: BlockRegistry = {
  hero: () => Promise.resolve({ default: Text as ReturnType<typeof defineBlock> }),
};

function siteWith(features: Record<string, unknown> = {}) {
  const hero = (id: string, heading: string) => [{ type: 'hero', id, props: { heading } }];
  return prepared(
    minimalDoc({
      features,
      pages: [
        { id: 'home', path: '/', title: 'Home', blocks: hero('home-hero', 'Home') },
        { id: 'stock', path: '/cars', title: 'Stock', blocks: hero('stock-hero', 'Stock') },
        {
          id: 'checkout',
          path: '/cars/:slug/checkout',
          title: 'Checkout',
          gate: 'sign-in',
          blocks: hero('co-hero', 'Checkout'),
        },
        {
          id: 'finance',
          path: '/finance',
          title: 'Finance',
          gate: 'finance',
          blocks: hero('fin-hero', 'Finance'),
        },
        {
          id: 'trade-in',
          path: '/trade-in',
          title: 'Trade-in',
          gate: 'sign-in',
          blocks: hero('ti-hero', 'Trade-in'),
        },
        { id: 'sign-in', path: '/sign-in', title: 'Sign in', blocks: hero('si-hero', 'Sign in') },
      ],
    }),
  );
}

let here = '';
function Where() {
  const l = useLocation();
  here = l.pathname + l.search;
  return null;
}

async function visit(url: string, features: Record<string, unknown> = {}) {
  const site = siteWith(features);
  const loader = new BlockLoader(registry);
  await loader.load(['hero']);
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <SiteApp
          site={site}
          siteData={{ models: [] }}
          mode="production"
          loader={loader}
          initialData={{ url, data: {} }}
        />
        <Where />
      </MemoryRouter>,
    );
  });
  return site;
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearSession('test-site');
  here = '';
});

const session = {
  token: 't0k3n',
  phone_number: '0412345678',
  site: 'test-site',
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
};

describe('gated pages', () => {
  it('sends a visitor who is not signed in to sign-in, with the page to come back to', async () => {
    await visit('/cars/ranger-1/checkout?x=1');
    expect(here).toBe(signInHref('sign-in', '/cars/ranger-1/checkout?x=1', '/'));
    const q = new URLSearchParams(here.split('?')[1]);
    expect([q.get('type'), q.get('redirect'), q.get('back')]).toEqual([
      'sign-in',
      '/cars/ranger-1/checkout?x=1',
      '/',
    ]);
    await screen.findByRole('heading', { name: 'Sign in' });
  });

  it('uses the page seen before as back', async () => {
    await visit('/cars');
    expect(here).toBe('/cars');
    document.body.innerHTML = '';
    await visit('/cars/ranger-1/checkout');
    expect(new URLSearchParams(here.split('?')[1]).get('back')).toBe('/cars');
  });

  it('lets a signed-in visitor through', async () => {
    writeSession('test-site', session);
    await visit('/cars/ranger-1/checkout');
    expect(here).toBe('/cars/ranger-1/checkout');
    screen.getByRole('heading', { name: 'Checkout' });
  });

  it('accepts the session cookie alone (storage cleared or blocked)', async () => {
    writeSession('test-site', session);
    localStorage.clear();
    expect(readSession('test-site')).toBeUndefined();
    expect(document.cookie).toContain(`${sessionCookieName('test-site')}=t0k3n`);
    await visit('/cars/ranger-1/checkout');
    expect(here).toBe('/cars/ranger-1/checkout');
  });

  it('gates finance only on sites that require sign-in for finance', async () => {
    await visit('/finance');
    expect(here).toBe('/finance');
    document.body.innerHTML = '';
    await visit('/finance', { financeRequiresSignIn: true });
    expect(here.startsWith('/sign-in?type=finance&redirect=%2Ffinance')).toBe(true);
  });

  it('never gates trade-in, even when a document asks for it', async () => {
    await visit('/trade-in');
    expect(here).toBe('/trade-in');
  });

  it('does not gate ungated pages', async () => {
    await visit('/');
    expect(here).toBe('/');
  });
});

describe('visitor functions', () => {
  it('gateApplies', () => {
    expect(gateApplies(undefined, { financeRequiresSignIn: true })).toBe(false);
    expect(gateApplies('sign-in', { financeRequiresSignIn: false }, '/cars/a/checkout')).toBe(true);
    expect(gateApplies('finance', { financeRequiresSignIn: false }, '/finance')).toBe(false);
    expect(gateApplies('finance', { financeRequiresSignIn: true }, '/apply-for-finance')).toBe(
      true,
    );
    expect(gateApplies('sign-in', { financeRequiresSignIn: true }, '/sell-my-car')).toBe(false);
    expect(gateApplies('sign-in', { financeRequiresSignIn: true }, '/cars/trade-in')).toBe(false);
  });

  it('expired sessions do not count', () => {
    writeSession('test-site', {
      ...session,
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect(readSession('test-site')).toBeUndefined();
    clearSession('test-site');
    expect(isSignedIn('test-site')).toBe(false);
  });

  it('safeInternalPath refuses other origins and schemes', () => {
    expect(safeInternalPath('/cars/a/checkout?x=1#y')).toBe('/cars/a/checkout?x=1#y');
    for (const bad of [
      '//evil.example/',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      null,
      undefined,
      '/a\nb',
    ]) {
      expect(safeInternalPath(bad)).toBeUndefined();
    }
  });

  it('keeps campaign parameters and ad click ids only', () => {
    expect(
      campaignParams('?utm_source=google&utm_campaign=ranger&gclid=abc&page=2&q=ford'),
    ).toEqual({
      utm_source: 'google',
      utm_campaign: 'ranger',
      gclid: 'abc',
    });
  });

  it('addVisit keeps the last 50, oldest first, without repeating a refresh', () => {
    let list: string[] = [];
    for (let i = 0; i < 60; i++) list = addVisit(list, `/p${i}`);
    list = addVisit(list, '/p59');
    expect(list).toHaveLength(50);
    expect(list[0]).toBe('/p10');
    expect(list[49]).toBe('/p59');
  });

  it('records visits and campaign parameters per site', async () => {
    await visit('/?utm_source=newsletter');
    document.body.innerHTML = '';
    await visit('/cars');
    expect(visitedPages('test-site')).toEqual(['/?utm_source=newsletter', '/cars']);
    expect(linkedQueryParams('test-site')).toEqual({ utm_source: 'newsletter' });
    expect(previousPage('test-site', '/cars/x/checkout')).toBe('/cars');
    expect(visitedPages('other-site')).toEqual([]);
  });
});
