import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { FeatureBannerProps } from '../../schemas/resolved.gen.ts';
import {
  mockViewport,
  prepareDemoSite,
  renderBlock,
  type RenderBlockOptions,
} from '../_shared/test-utils.tsx';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type AtRule } from 'postcss';
import FeatureBanner, { CAROUSEL_QUERY } from './index.tsx';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

function setup(options: RenderBlockOptions<FeatureBannerProps> = {}) {
  return renderBlock<FeatureBannerProps>('feature-banner', FeatureBanner, options);
}

const banner = () => screen.getByRole('region', { name: 'Quick links' });
const slides = () => within(banner()).getAllByRole('group', { hidden: true });
const current = () => slides().find((s) => s.getAttribute('aria-hidden') !== 'true')!;

describe('feature banner block', () => {
  it('shows every feature link as columns on large screens', () => {
    restore = mockViewport(1200);
    setup();
    const links = within(banner()).getAllByRole('link');
    expect(links.map((a) => a.querySelector('.fc-feature-banner__title')!.textContent)).toEqual([
      'Latest Offers',
      'Book a Service',
      'Sell Your Car',
    ]);
    expect(banner().hasAttribute('aria-roledescription')).toBe(false);
    expect(banner().querySelector('[inert]')).toBeNull();
    expect(banner().style.getPropertyValue('--fc-feature-columns')).toBe('3');
  });

  it('lays the links out in columns, without carousel controls, wherever the carousel is off', () => {
    // jsdom applies no media queries, so the stylesheet's wide-screen rule is read directly:
    // its width starts where CAROUSEL_QUERY's ends.
    const carouselMax = Number(/max-width: ([\d.]+)px/.exec(CAROUSEL_QUERY)![1]);
    const css = postcss.parse(
      readFileSync(join(import.meta.dirname, 'feature-banner.css'), 'utf8'),
    );
    const wide: Record<string, Record<string, string>> = {};
    css.walkAtRules('media', (media: AtRule) => {
      const min = /min-width: ([\d.]+)px/.exec(media.params);
      if (!min || Math.ceil(carouselMax) !== Number(min[1])) return;
      media.walkDecls((decl) => {
        const selector = (decl.parent as { selector: string }).selector;
        (wide[selector] ??= {})[decl.prop] = decl.value;
      });
    });
    expect(wide['.fc-feature-banner__track']).toMatchObject({
      display: 'grid',
      'grid-template-columns': 'repeat(var(--fc-feature-columns, 3), minmax(0, 1fr))',
    });
    expect(wide['.fc-feature-banner__item']).toMatchObject({ order: '0' });
    expect(wide['.fc-feature-banner__controls']).toMatchObject({ display: 'none' });
  });

  it('sends the service feature to /ford-service when the site has a booking key', () => {
    setup();
    expect(
      within(banner())
        .getByRole('link', { name: /Book a Service/ })
        .getAttribute('href'),
    ).toBe('/ford-service');
  });

  it('shows the instant-offer text unless hideInstantOfferText is on', () => {
    setup({ patch: (doc) => (doc.features.hideInstantOfferText = false) });
    expect(banner().textContent).toContain('Get an instant offer in 2 minutes');
    expect(banner().textContent).toContain('Save time and book online');
  });

  it('hides the instant-offer text when hideInstantOfferText is on', () => {
    setup({ patch: (doc) => (doc.features.hideInstantOfferText = true) });
    expect(banner().textContent).not.toContain('instant offer');
    within(banner()).getByRole('link', { name: /Sell Your Car/ });
    // Only instant-offer items lose their text.
    expect(banner().textContent).toContain('Save time and book online');
  });

  describe('below 992 px', () => {
    it('is a carousel that starts at the second item', () => {
      restore = mockViewport(390);
      setup();
      expect(banner().getAttribute('aria-roledescription')).toBe('carousel');
      expect(slides().map((s) => s.getAttribute('aria-label'))).toEqual([
        '1 of 3',
        '2 of 3',
        '3 of 3',
      ]);
      expect(current().textContent).toContain('Book a Service');
      expect(slides()[0].hasAttribute('inert')).toBe(true);
      expect(
        screen.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current'),
      ).toBe('true');
    });

    it('loops forwards and backwards with the buttons', () => {
      restore = mockViewport(390);
      setup();
      const next = screen.getByRole('button', { name: 'Next slide' });
      const prev = screen.getByRole('button', { name: 'Previous slide' });
      fireEvent.click(next);
      expect(current().textContent).toContain('Sell Your Car');
      fireEvent.click(next);
      expect(current().textContent).toContain('Latest Offers');
      fireEvent.click(prev);
      expect(current().textContent).toContain('Sell Your Car');
    });

    it('moves with dots and the left/right keys', () => {
      restore = mockViewport(390);
      setup();
      fireEvent.click(screen.getByRole('button', { name: 'Go to slide 1' }));
      expect(current().textContent).toContain('Latest Offers');
      fireEvent.keyDown(banner(), { key: 'ArrowLeft' });
      expect(current().textContent).toContain('Sell Your Car');
      fireEvent.keyDown(banner(), { key: 'ArrowRight' });
      expect(current().textContent).toContain('Latest Offers');
    });
  });

  it('renders the same HTML for every width on the server, second item first in the small-screen row', () => {
    const { site, data } = prepareDemoSite({
      blocks: [{ type: 'feature-banner', id: 'f', props: {} }],
    });
    const block = site.pages.at(-1)!.blocks!.find((b) => b.id === 'f')!;
    const html = renderToString(
      <SiteProvider site={site} data={data} mode="production">
        <MemoryRouter>
          <FeatureBanner.component
            props={block.props as FeatureBannerProps}
            block={block}
            slots={{}}
          />
        </MemoryRouter>
      </SiteProvider>,
    );
    expect(html).not.toContain('inert');
    expect(html).not.toContain('aria-roledescription');
    const orders = [...html.matchAll(/--fc-slide-order:(\d+)/g)].map((m) => Number(m[1]));
    expect(orders).toEqual([2, 0, 1]);
  });
});
