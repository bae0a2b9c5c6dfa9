import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { EmbedProps, TabbedEmbedProps } from '../../schemas/resolved.gen.ts';
import {
  allowedEmbedOrigins,
  checkEmbedSrc,
  embedSandbox,
  PLATFORM_EMBED_ORIGINS,
} from '../_shared/embed.ts';
import { prepareDemoSite, renderBlock, withDefaults } from '../_shared/test-utils.tsx';
import TabbedEmbed from '../tabbed-embed/index.tsx';
import Embed from './index.tsx';

const BOOKING = 'https://calendly.com/gold-coast-ford/service?hide_gdpr_banner=1';

describe('embed origin rule', () => {
  const allowed = [
    ...PLATFORM_EMBED_ORIGINS,
    'https://*.bookings.example',
    'https://forms.dealer.example:8443',
  ];

  it('allows https addresses of listed origins only', () => {
    expect(checkEmbedSrc(BOOKING, allowed)).toEqual({
      ok: true,
      url: BOOKING,
      origin: 'https://calendly.com',
    });
    expect(checkEmbedSrc('https://service.bookings.example/book', allowed).ok).toBe(true);
    expect(checkEmbedSrc('https://forms.dealer.example:8443/x', allowed).ok).toBe(true);
    // Same host on another port, the bare wildcard domain, look-alike hosts and other services are refused.
    expect(checkEmbedSrc('https://forms.dealer.example/x', allowed).ok).toBe(false);
    expect(checkEmbedSrc('https://bookings.example/x', allowed).ok).toBe(false);
    expect(checkEmbedSrc('https://calendly.com.evil.example/x', allowed).ok).toBe(false);
    expect(checkEmbedSrc('https://evil.example/?https://calendly.com', allowed)).toMatchObject({
      ok: false,
      reason: 'https://evil.example is not on the list of approved embedded services',
    });
  });

  it('refuses other schemes, credentials and nonsense', () => {
    expect(checkEmbedSrc('http://calendly.com/x', allowed)).toMatchObject({
      ok: false,
      reason: 'only https:// addresses can be embedded',
    });
    expect(checkEmbedSrc('javascript:alert(1)', allowed).ok).toBe(false);
    expect(checkEmbedSrc('data:text/html,<script>alert(1)</script>', allowed).ok).toBe(false);
    expect(checkEmbedSrc('https://user:pw@calendly.com/x', allowed).ok).toBe(false);
    expect(checkEmbedSrc('/relative', allowed).ok).toBe(false);
    expect(checkEmbedSrc(undefined, allowed).ok).toBe(false);
  });

  it("adds the site's own list (features.embedOrigins) to the platform's, ignoring invalid entries", () => {
    const site = {
      features: {
        embedOrigins: ['https://book.gcf.example/', 'http://insecure.example', 'nonsense'],
      },
    } as never;
    const list = allowedEmbedOrigins(site);
    expect(list).toContain('https://calendly.com');
    expect(list).toContain('https://book.gcf.example');
    expect(list).not.toContain('http://insecure.example');
    expect(list).not.toContain('nonsense');
  });

  it('always sandboxes, with popups only when allowed and never top navigation', () => {
    expect(embedSandbox()).toBe(
      'allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    );
    expect(embedSandbox({ allowPopups: false })).toBe(
      'allow-scripts allow-forms allow-same-origin',
    );
    expect(embedSandbox()).not.toContain('allow-top-navigation');
  });
});

describe('embed block', () => {
  it('frames an approved address with a sandbox and the given title', () => {
    renderBlock<EmbedProps>('embed', Embed, {
      props: {
        src: BOOKING,
        title: 'Book a service',
        heading: 'Book a service online',
        height: 900,
      },
    });
    const frame = screen.getByTitle('Book a service') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(BOOKING);
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    );
    expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin');
    expect(frame.getAttribute('height')).toBe('900');
    expect(
      screen.getByRole('link', { name: 'Open Book a service in a new tab' }).getAttribute('href'),
    ).toBe(BOOKING);
    screen.getByRole('region', { name: 'Book a service online' });
  });

  it('requires a title and an https address in the document', () => {
    expect(() =>
      prepareDemoSite({ blocks: [{ type: 'embed', id: 'e', props: { src: BOOKING } }] as never }),
    ).toThrow(/title/);
    expect(() =>
      prepareDemoSite({
        blocks: [
          { type: 'embed', id: 'e', props: { src: 'http://calendly.com/x', title: 'X' } },
        ] as never,
      }),
    ).toThrow(/src/);
  });

  it('shows staff why a refused address is not framed, in development only', () => {
    renderBlock<EmbedProps>('embed', Embed, {
      props: { src: 'https://evil.example/form', title: 'Form' },
    });
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('note').textContent).toContain(
      'https://evil.example is not on the list',
    );
  });

  it('renders nothing for visitors when the address is refused', () => {
    const { site, data } = prepareDemoSite();
    const { container } = render(
      <SiteProvider site={site} data={data} mode="production">
        <MemoryRouter>
          <Embed.component
            props={withDefaults<EmbedProps>('embed', {
              src: 'https://evil.example/form',
              title: 'Form',
            })}
            block={{ type: 'embed', id: 'e' }}
            slots={{}}
          />
        </MemoryRouter>
      </SiteProvider>,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('tabbed embed block', () => {
  const tabs = [
    {
      label: 'Southport',
      src: 'https://calendly.com/gcf/southport',
      title: 'Book a service at Southport',
      locationId: 3,
    },
    {
      label: 'Nerang',
      src: 'https://calendly.com/gcf/nerang',
      title: 'Book a service at Nerang',
      locationId: 2,
    },
    { label: 'Elsewhere', src: 'https://evil.example/x', title: 'Bad' },
  ];

  it('shows one sandboxed frame per tab, loading each when first opened', () => {
    renderBlock<TabbedEmbedProps>('tabbed-embed', TabbedEmbed, {
      props: { heading: 'Book a service', tabs },
    });
    const list = screen.getByRole('tablist', { name: 'Book a service' });
    const [southport, nerang] = screen.getAllByRole('tab');
    expect(list).toBeTruthy();
    expect(southport.getAttribute('aria-selected')).toBe('true');
    expect(nerang.getAttribute('tabindex')).toBe('-1');
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(screen.getByTitle('Book a service at Southport').getAttribute('sandbox')).toContain(
      'allow-scripts',
    );
    // Arrow keys move focus without opening (manual activation); Enter/click opens.
    southport.focus();
    fireEvent.keyDown(southport, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(nerang);
    expect(nerang.getAttribute('aria-selected')).toBe('false');
    fireEvent.click(nerang);
    expect(nerang.getAttribute('aria-selected')).toBe('true');
    const panel = document.getElementById(nerang.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    expect(panel.getAttribute('data-location-id')).toBe('2');
    expect(screen.getByTitle('Book a service at Nerang').getAttribute('sandbox')).toContain(
      'allow-forms',
    );
    expect(document.getElementById(southport.getAttribute('aria-controls')!)!.hidden).toBe(true);
  });

  it('leaves out tabs with refused addresses for visitors', () => {
    const { site, data } = prepareDemoSite();
    render(
      <SiteProvider site={site} data={data} mode="production">
        <MemoryRouter>
          <TabbedEmbed.component
            props={withDefaults<TabbedEmbedProps>('tabbed-embed', {
              tabs: tabs as TabbedEmbedProps['tabs'],
            })}
            block={{ type: 'tabbed-embed', id: 't' }}
            slots={{}}
          />
        </MemoryRouter>
      </SiteProvider>,
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Southport', 'Nerang']);
  });
});
