import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createPageRenderer } from '../../../engine/render/server.tsx';
import { defineBlock, type BlockRegistry } from '../../../engine/render/block.ts';
import { BlockLoader } from '../../../engine/render/registry.ts';
import { SiteApp } from '../../../engine/render/SiteApp.tsx';
import { matchPage } from '../../../engine/site/routes.ts';
import { minimalDoc, prepared } from '../helpers.ts';

const Text = defineBlock<{ heading: string }>({
  component: ({ props }) => <p data-testid="ok">{props.heading}</p>,
});
const Broken = defineBlock<{ heading: string }>({
  component: () => {
    throw new Error('kaboom');
  },
});
const Box = defineBlock<Record<string, never>>({
  component: ({ children, slots }) => (
    <div data-testid="box">
      {children}
      <aside>{slots.main}</aside>
    </div>
  ),
});

// Real block types of the schema, bound to test components, so documents validate.
function registryWith(overrides: Partial<Record<string, unknown>> = {}) {
  const loads: string[] = [];
  const entry = (type: string, def: unknown) => () => {
    loads.push(type);
    return Promise.resolve({ default: def as ReturnType<typeof defineBlock> });
  };
  const registry: BlockRegistry = {
    hero: entry('hero', overrides.hero ?? Text),
    // A column takes content blocks only (a hero needs the full width): the slotted text is a
    // promo tile, bound to the same component as the hero.
    'promo-tile': entry('promo-tile', overrides.hero ?? Text),
    section: entry('section', Box),
    columns: entry('columns', Box),
    'rich-text': entry('rich-text', Text),
    header: entry('header', Text),
  };
  return { registry, loads };
}

const site = prepared(
  minimalDoc({
    layout: { header: [{ type: 'header', id: 'top', props: { menu: [] } }] },
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home | {site}',
        blocks: [
          { type: 'hero', id: 'first', props: { heading: 'First' } },
          {
            type: 'section',
            id: 'sec',
            children: [{ type: 'hero', id: 'nested', props: { heading: 'Nested' } }],
          },
          {
            type: 'columns',
            id: 'cols',
            slots: { main: [{ type: 'promo-tile', id: 'slotted', props: { heading: 'Slotted' } }] },
          },
        ],
      },
      {
        id: 'car',
        path: '/cars/:slug',
        title: 'Car',
        layout: false,
        blocks: [{ type: 'hero', id: 'car-hero', props: { heading: 'Car' } }],
      },
      {
        id: 'richtext',
        path: '/about',
        title: 'About',
        blocks: [{ type: 'rich-text', id: 'about', props: { html: '<p>x</p>' } }],
      },
    ],
  }),
);

const siteData = { models: [] };
const args = { site, siteData, basename: '/sites/test-site', origin: 'http://localhost' };

describe('routes', () => {
  it('matches parameters and ranks specific paths first', () => {
    const pages = [
      { id: 'any', path: '*', title: 'x', blocks: [] },
      { id: 'car', path: '/cars/:slug', title: 'x', blocks: [] },
      { id: 'checkout', path: '/cars/:slug/checkout', title: 'x', blocks: [] },
      { id: 'model', path: '/search/:make/:model', title: 'x', blocks: [] },
    ];
    expect(matchPage(pages, '/cars/ford-ranger-1')).toMatchObject({
      page: { id: 'car' },
      params: { slug: 'ford-ranger-1' },
    });
    expect(matchPage(pages, '/cars/ford-ranger-1/checkout')?.page.id).toBe('checkout');
    expect(matchPage(pages, '/search/ford/ranger')?.params).toEqual({
      make: 'ford',
      model: 'ranger',
    });
    expect(matchPage(pages, '/nothing/here')?.page.id).toBe('any');
  });
});

describe('server rendering', () => {
  it('renders a page with its layout, nested children and slots, and the page title', async () => {
    const { registry } = registryWith();
    const page = await createPageRenderer(registry)({ ...args, url: '/', mode: 'production' });
    expect(page.status).toBe(200);
    expect(page.title).toBe('Home | Test Motors');
    for (const text of ['First', 'Nested', 'Slotted']) expect(page.html).toContain(text);
    expect(page.html).toContain('<main id="main"');
    expect(page.blockTypes).toEqual(['columns', 'header', 'hero', 'promo-tile', 'section']);
  });

  it('loads only the block modules the page uses', async () => {
    const { registry, loads } = registryWith();
    await createPageRenderer(registry)({ ...args, url: '/cars/abc', mode: 'production' });
    expect(loads).toEqual(['hero']); // layout: false, so no header either
  });

  it('answers 404 with the not-found page for unknown paths', async () => {
    const { registry } = registryWith();
    const page = await createPageRenderer(registry)({
      ...args,
      url: '/no/such/page',
      mode: 'production',
    });
    expect(page.status).toBe(404);
    expect(page.html).toContain('Page not found');
  });

  it('still renders the rest of the page when one block throws', async () => {
    const { registry } = registryWith({ hero: Broken });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = await createPageRenderer(registry)({ ...args, url: '/about', mode: 'production' });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<main id="main"');
    const broken = await createPageRenderer(registry)({ ...args, url: '/', mode: 'production' });
    expect(broken.html).toContain('<main id="main"'); // the page survives failing blocks
    expect(broken.html).toContain('data-testid="box"');
    // Each failed block is left for the browser to retry (React's client-render marker).
    expect(broken.html.match(/<!--\$!-->/g)).toHaveLength(3);
    error.mockRestore();
  });
});

describe('error boundary in the browser', () => {
  async function renderApp(mode: 'development' | 'production', overrides = {}) {
    const { registry } = registryWith(overrides);
    const loader = new BlockLoader(registry);
    await loader.load(['hero', 'promo-tile', 'section', 'columns', 'header', 'rich-text']);
    return render(
      <MemoryRouter initialEntries={['/']}>
        <SiteApp
          site={site}
          siteData={siteData}
          mode={mode}
          loader={loader}
          initialData={{ url: '/', data: {} }}
        />
      </MemoryRouter>,
    );
  }

  it('shows a contained, accessible notice naming the block in development', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderApp('development', { hero: Broken });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.getAttribute('data-block-error'))).toEqual([
      'first',
      'nested',
      'slotted',
    ]);
    expect(alerts[0].textContent).toContain('kaboom');
    expect(screen.getAllByTestId('box')).toHaveLength(2); // the section and columns still render
    error.mockRestore();
  });

  it('shows nothing for the broken block in production, and the rest of the page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderApp('production', { hero: Broken });
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(screen.getAllByTestId('box')).toHaveLength(2);
    screen.getByTestId('ok'); // the header block
    error.mockRestore();
  });
});

describe('regional words in the page payload (docs/regions.md)', () => {
  it('carry what the site’s region words differently, and nothing for Australia', async () => {
    const { enUS } = await import('../../../engine/messages/en-US.ts');
    const { registry } = registryWith();
    const au = await createPageRenderer(registry)({ ...args, url: '/', mode: 'production' });
    expect(site.region ?? 'AU').toBe('AU');
    expect(au.payload.messages).toBeUndefined();
    const us = await createPageRenderer(registry)({
      ...args,
      site: { ...site, region: 'US' },
      url: '/',
      mode: 'production',
    });
    expect(us.payload.messages).toEqual(enUS);
  });
});
