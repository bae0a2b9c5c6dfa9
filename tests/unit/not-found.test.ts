// @vitest-environment node
/** Pages whose subject doesn't exist answer 404 (not a soft "not found" with 200). */
import { describe, expect, it, vi } from 'vitest';
import { registry } from '../../blocks/registry.ts';
import { createPageRenderer } from '../../engine/render/server.tsx';
import { siteDataFor } from '../../engine/site/data.ts';
import { readCatalogue } from '../../engine/inventory/load.ts';
import { prepared, readSite, SITES_DIR } from './helpers.ts';

const renderPage = createPageRenderer(registry);
const site = prepared(readSite('gold-coast-ford'));
const siteData = siteDataFor(site, readCatalogue(SITES_DIR));
const render = (url: string) => renderPage({ site, siteData, url, basename: '', mode: 'production', origin: 'http://127.0.0.1:9' });

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
