import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EmergencyBannerProps } from '../../schemas/resolved.gen.ts';
import { renderBlock, type RenderBlockOptions } from '../_shared/test-utils.tsx';
import EmergencyBanner, { STORAGE_PREFIX } from './index.tsx';
import { STICKY_BELOW_BANNER } from '../../engine/render/dom-ids.ts';

afterEach(() => {
  sessionStorage.clear();
});

/** The offset the banner gives what sticks below it, as a sticky header reads it. */
function stickyOffset() {
  const header = document.createElement('header');
  header.setAttribute(STICKY_BELOW_BANNER, '');
  document.body.append(header);
  const offset = getComputedStyle(header).getPropertyValue('--fc-sticky-offset');
  header.remove();
  return offset;
}

const details = '<p>Our workshop is closed on Monday. <a href="/contact">Contact us</a></p>';

function setup(options: RenderBlockOptions<EmergencyBannerProps> = {}) {
  return renderBlock<EmergencyBannerProps>('emergency-banner', EmergencyBanner, {
    props: { message: 'Keep your car at its best.', details },
    ...options,
  });
}

const banner = () => screen.queryByRole('region', { name: 'Notice' });

describe('emergency banner block', () => {
  it('links BOOK A SERVICE to service booking (/ford-service with a booking key)', () => {
    setup();
    const link = within(banner()!).getByRole('link', { name: 'BOOK A SERVICE' });
    expect(link.getAttribute('href')).toBe('/ford-service#service-booking');
    expect(banner()!.textContent).toContain('Keep your car at its best.');
  });

  it('links to /service#service-booking without a booking key', () => {
    setup({ site: 'southern-motor-group' });
    expect(
      within(banner()!).getByRole('link', { name: 'BOOK A SERVICE' }).getAttribute('href'),
    ).toBe('/service#service-booking');
  });

  it('uses the label and href from props', () => {
    setup({ props: { label: 'Flood notice', href: '/contact' } });
    expect(within(banner()!).getByRole('link', { name: 'Flood notice' }).getAttribute('href')).toBe(
      '/contact',
    );
  });

  it('opens and closes the details with Click to View', () => {
    setup();
    const toggle = within(banner()!).getByRole('button', { name: 'Click to View' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    within(panel).getByRole('link', { name: 'Contact us' });
    fireEvent.click(toggle);
    expect(panel.hidden).toBe(true);
  });

  it('renders details only after sanitising', () => {
    setup({
      props: {
        details: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror="y()"></p>',
      },
    });
    const toggle = within(banner()!).getByRole('button', { name: 'Click to View' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.innerHTML).not.toMatch(/script|onclick|onerror/);
    expect(panel.textContent).toContain('Hi');
  });

  it('has no Click to View without details', () => {
    setup({ props: { message: 'Open Saturday' } });
    expect(within(banner()!).queryByRole('button', { name: 'Click to View' })).toBeNull();
  });

  it('closes with the close button and stays closed for the session', () => {
    const { site } = setup();
    expect(stickyOffset()).toMatch(/^\d+px$/);
    // Set for what sticks below the banner, not on the root, which every element inherits.
    expect(document.documentElement.style.getPropertyValue('--fc-sticky-offset')).toBe('');
    fireEvent.click(within(banner()!).getByRole('button', { name: 'Close notice' }));
    expect(banner()).toBeNull();
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}${site.slug}:under-test`)).toBe('1');
    expect(stickyOffset()).toBe('');
    cleanup();
    setup();
    expect(banner()).toBeNull();
  });

  it('shows again in a new session', () => {
    setup();
    expect(banner()).not.toBeNull();
  });
});
