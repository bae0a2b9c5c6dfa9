/** Pages whose subject doesn't exist answer 404 (not a soft "not found" with 200). */
import { describe, expect, it, vi } from 'vitest';
import { registry } from '../../../blocks/registry.ts';
import { createPageRenderer } from '../../../engine/render/server.tsx';
import { siteDataFor } from '../../../engine/site/data.ts';
import { readCatalogue } from '../../../engine/inventory/load.ts';
import { prepared, readSite, SITES_DIR } from '../helpers.ts';

const renderPage = createPageRenderer(registry);
const site = prepared(readSite('gold-coast-ford'));
const siteData = siteDataFor(site, readCatalogue(SITES_DIR));
const render = (url: string) =>
  renderPage({
    site,
    siteData,
    url,
    basename: '',
    mode: 'production',
    origin: 'http://127.0.0.1:9',
  });

describe('not-found answers', () => {
  it.each([
    ['/locations/southport', 200],
    ['/locations/atlantis', 404],
    ['/contact-us/nerang', 200],
    ['/offers/999', 404],
  ])('%s answers %i', async (url, status) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await render(url)).status).toBe(status);
  });

  it('an existing offer page answers 200', async () => {
    const offer = site.offers[0];
    expect(offer).toBeTruthy();
    expect((await render(`/offers/${offer.id}`)).status).toBe(200);
  });
});

describe('parameters that name nothing the site has', () => {
  it("an address a model page would take, naming no model, is the site's not-found page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const model = siteData.models[0];
    const found = await render(`/${model.slug}`);
    expect(found.status).toBe(200);
    expect(found.html).toContain(`data-model="${model.slug}"`);
    const missing = await render('/no-such-page-here');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Sorry, we couldn');
    expect(missing.html).not.toContain('data-model=');
  });

  it('a fixed page always wins over a model of the same name', async () => {
    expect((await render('/finance')).html).not.toContain('data-model=');
  });
});
