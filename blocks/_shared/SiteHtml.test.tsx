/**
 * Links inside document HTML keep the site's base path (/sites/{slug} in demos), on the
 * server and after hydration, and a plain click on one is a client-side navigation.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, StaticRouter, useLocation } from 'react-router';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import { createPageRenderer } from '../../engine/render/server.tsx';
import { siteDataFor, type SiteData } from '../../engine/site/data.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';
import { readCatalogue } from '../../engine/inventory/load.ts';
import { minimalDoc, prepared, SITES_DIR } from '../../tests/unit/helpers.ts';
import richText from '../rich-text/index.tsx';
import { clientPath, SiteHtml, siteLinksInHtml } from './SiteHtml.tsx';

const BASE = '/sites/test-site';

describe('siteLinksInHtml', () => {
  it('puts the basename in front of in-site links only', () => {
    const html =
      '<p><a href="/service">Service</a> <a href="/">Home</a> <a href="https://example.com/x">ext</a> <a href="mailto:a@b.co">mail</a> ' +
      '<a href="tel:0755550101">tel</a> <a href="#faq">anchor</a> <a href="?page=2">query</a> <a href="//evil.test/x">proto</a> <img src="/assets/a.svg"></p>';
    expect(siteLinksInHtml(html, BASE)).toBe(
      '<p><a href="/sites/test-site/service">Service</a> <a href="/sites/test-site/">Home</a> <a href="https://example.com/x">ext</a> <a href="mailto:a@b.co">mail</a> ' +
        '<a href="tel:0755550101">tel</a> <a href="#faq">anchor</a> <a href="?page=2">query</a> <a href="//evil.test/x">proto</a> <img src="/assets/a.svg"></p>',
    );
  });

  it('keeps other attributes, quotes and entities; handles single-quoted, bare and upper-case hrefs', () => {
    expect(
      siteLinksInHtml(
        '<a title="a > b" href="/cars?x=1&amp;y=2#top" target="_blank" rel="noopener noreferrer">x</a>',
        BASE,
      ),
    ).toBe(
      '<a title="a > b" href="/sites/test-site/cars?x=1&amp;y=2#top" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(siteLinksInHtml("<A HREF='/about'>x</A><a href=/contact>y</a>", BASE)).toBe(
      '<A HREF=\'/sites/test-site/about\'>x</A><a href="/sites/test-site/contact">y</a>',
    );
    expect(
      siteLinksInHtml('<abbr title="/x">x</abbr><a data-href="/no" href="/yes">y</a>', BASE),
    ).toBe('<abbr title="/x">x</abbr><a data-href="/no" href="/sites/test-site/yes">y</a>');
  });

  it('changes nothing at the root (host-name routing), except the site link rewrite', () => {
    const html = '<a href="/service#service-booking">Book</a>';
    expect(siteLinksInHtml(html, '')).toBe(html);
    expect(siteLinksInHtml(html, '/')).toBe(html);
    const rewrite = (href: string) => href.replace(/^\/service(?=$|[?#/])/, '/ford-service');
    expect(siteLinksInHtml(html, '', rewrite)).toBe(
      '<a href="/ford-service#service-booking">Book</a>',
    );
    expect(siteLinksInHtml(html, BASE, rewrite)).toBe(
      '<a href="/sites/test-site/ford-service#service-booking">Book</a>',
    );
  });
});

describe('clientPath', () => {
  it('is the path inside the router for page links, undefined for the rest', () => {
    expect(clientPath('/sites/test-site/service', BASE)).toBe('/service');
    expect(clientPath('/sites/test-site', BASE)).toBe('/');
    expect(clientPath('/sites/test-site/?q=1', BASE)).toBe('/?q=1');
    expect(clientPath('/service#x', '')).toBe('/service#x');
    expect(clientPath('/sites/test-site/cars/1/history-report.pdf', BASE)).toBeUndefined();
    expect(clientPath('/sites/other/service', BASE)).toBeUndefined();
    expect(clientPath('/sites/test-sitex/service', BASE)).toBeUndefined();
    expect(clientPath('https://example.com/', BASE)).toBeUndefined();
    expect(clientPath('#faq', BASE)).toBeUndefined();
    expect(clientPath(null, BASE)).toBeUndefined();
  });
});

const fakeSite = (features: Record<string, unknown> = {}) =>
  ({ slug: 'test-site', name: 'Test Motors', region: 'AU', features }) as unknown as ResolvedSite;
const noData = {} as SiteData;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search + location.hash}</output>;
}

describe('SiteHtml', () => {
  const html =
    '<p><a href="/service">Service</a> <a href="/cars/1/history-report.pdf">Report</a> <a href="https://example.com/">Ext</a></p>';

  it('renders the same links on the server (StaticRouter) and in the browser (same basename)', () => {
    const ui = (
      <SiteProvider site={fakeSite({ serviceBookingKey: 'abc' })} data={noData} mode="production">
        <SiteHtml className="body" html={html} />
      </SiteProvider>
    );
    const server = renderToString(
      <StaticRouter location={`${BASE}/about`} basename={BASE}>
        {ui}
      </StaticRouter>,
    );
    expect(server).toContain('href="/sites/test-site/ford-service"');
    expect(server).toContain('href="/sites/test-site/cars/1/history-report.pdf"');
    expect(server).toContain('href="https://example.com/"');
    const { container } = render(
      <MemoryRouter basename={BASE} initialEntries={[`${BASE}/about`]}>
        {ui}
      </MemoryRouter>,
    );
    expect(server).toContain(container.querySelector('.body')!.innerHTML);
  });

  it('navigates in the router on a plain click; leaves files, new tabs and modified clicks to the browser', async () => {
    render(
      <SiteProvider site={fakeSite()} data={noData} mode="production">
        <MemoryRouter basename={BASE} initialEntries={[`${BASE}/about`]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <SiteHtml html={html} />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </SiteProvider>,
    );
    // Whether the click reached the document already handled (then stopped there: jsdom cannot load documents).
    const click = (name: string, init: MouseEventInit = {}) => {
      let handled: boolean | undefined;
      const atDocument = (event: Event) => {
        handled = event.defaultPrevented;
        event.preventDefault();
      };
      document.addEventListener('click', atDocument);
      act(() => {
        screen
          .getByRole('link', { name })
          .dispatchEvent(
            new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }),
          );
      });
      document.removeEventListener('click', atDocument);
      return handled;
    };
    expect(click('Report')).toBe(false);
    expect(click('Ext')).toBe(false);
    expect(click('Service', { ctrlKey: true })).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/about');
    expect(click('Service')).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/service');
  });
});

describe('rich-text block in a page rendered under /sites/{slug}', () => {
  const site = prepared(
    minimalDoc({
      pages: [
        { id: 'home', path: '/', title: 'Home | {site}', blocks: [] },
        { id: 'service', path: '/service', title: 'Service | {site}', blocks: [] },
        {
          id: 'about',
          path: '/about',
          title: 'About | {site}',
          blocks: [
            {
              type: 'rich-text',
              id: 'about-text',
              props: {
                html: '<p>See <a href="/service">our service team</a> or <a href="mailto:hi@test.example">write</a>.</p>',
              },
            },
          ],
        },
      ],
    }),
  );
  const siteData = siteDataFor(site, readCatalogue(SITES_DIR));
  const renderPage = createPageRenderer({ 'rich-text': () => import('../rich-text/index.tsx') });

  it('keeps the base path in the server render; nothing to add by host name', async () => {
    const demo = await renderPage({
      site,
      siteData,
      url: '/about',
      basename: BASE,
      mode: 'production',
      origin: 'http://127.0.0.1:9',
    });
    expect(demo.html).toContain('<a href="/sites/test-site/service">our service team</a>');
    expect(demo.html).toContain('<a href="mailto:hi@test.example">write</a>');
    const byHost = await renderPage({
      site,
      siteData,
      url: '/about',
      basename: '',
      mode: 'production',
      origin: 'http://127.0.0.1:9',
    });
    expect(byHost.html).toContain('<a href="/service">our service team</a>');
  });

  it('the block component renders through SiteHtml', () => {
    const block = site.pages.find((p) => p.id === 'about')!.blocks![0];
    const { container } = render(
      <SiteProvider site={site} data={siteData} mode="production">
        <MemoryRouter basename={BASE} initialEntries={[`${BASE}/about`]}>
          <richText.component props={block.props as never} block={block} slots={{}} />
        </MemoryRouter>
      </SiteProvider>,
    );
    expect(container.querySelector('.fc-rich-text__body a')?.getAttribute('href')).toBe(
      '/sites/test-site/service',
    );
  });
});
