/** A link to #id jumps to that block: the renderer anchors it, unless the block renders its own id. */
import { describe, expect, it } from 'vitest';
import { registry } from '../../../blocks/registry.ts';
import { createPageRenderer } from '../../../engine/render/server.tsx';
import { siteDataFor } from '../../../engine/site/data.ts';
import { readCatalogue } from '../../../engine/inventory/load.ts';
import { prepared, readSite, SITES_DIR } from '../helpers.ts';

const renderPage = createPageRenderer(registry);
const doc = readSite('kiwi-car-yard');
const home = doc.pages.find((p: { id: string }) => p.id === 'home');
home.blocks[0].props.actions = [
  { label: 'Why us', href: '#home-why' },
  { label: 'Enquire', href: '/contact#contact-enquiry' },
];
home.blocks.push({ type: 'rich-text', id: 'home-why', props: { html: '<p>Why buy from us</p>' } });
const site = prepared(doc);
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

describe('anchors', () => {
  it('a block that a link jumps to gets one anchor; blocks nobody links to get none', async () => {
    const { html } = await render('/');
    expect(html.match(/\sid="home-why"/g)).toHaveLength(1);
    expect(html).toContain('<span id="home-why" class="fc-anchor"></span>');
    expect(html).not.toContain(`<span id="${site.pages[0].blocks[0].id}" class="fc-anchor">`);
  });

  it('a form block renders its own id, so the renderer adds no second one', async () => {
    const { html } = await render('/contact');
    expect(html.match(/\sid="contact-enquiry"/g)).toHaveLength(1);
    expect(html).not.toContain('class="fc-anchor"');
  });
});
