/**
 * The models menu is closed at load, and hydrating it was a fifth of a car page's script: the
 * header hydrates around the server's HTML of its panel without building it (the links stay in
 * the HTML for crawlers and for visitors before the scripts), and builds it when wanted.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter, StaticRouter } from 'react-router';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { HeaderProps } from '../../schemas/resolved.gen.ts';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import Header from './index.tsx';
import { loadModelsPanel } from './models-panel.ts';

// The models panel's code, as a page has it once a visitor wants the menu (models-panel.ts).
beforeAll(async () => void (await loadModelsPanel()));

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** React's own key on a DOM node it built or hydrated. */
const reactBuilt = (node: Element) => Object.keys(node).some((k) => k.startsWith('__reactFiber'));

async function hydrateHeader() {
  const { site, data } = prepareDemoSite({ blocks: [{ type: 'header', id: 'h', props: {} }] });
  const block = site.pages.at(-1)!.blocks.find((b) => b.id === 'h')!;
  const header = <Header.component props={block.props as HeaderProps} block={block} slots={{}} />;
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <SiteProvider site={site} data={data} mode="production">
      <StaticRouter location="/">{header}</StaticRouter>
    </SiteProvider>,
  );
  document.body.append(container);
  const panel = container.querySelector<HTMLElement>('.fc-menu__panel--mega')!;
  const button = container.querySelector<HTMLElement>(`[aria-controls="${panel.id}"]`)!;
  const serverLinks = [...panel.querySelectorAll('a')];
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    root = hydrateRoot(
      container,
      <SiteProvider site={site} data={data} mode="production">
        <MemoryRouter initialEntries={['/']}>{header}</MemoryRouter>
      </SiteProvider>,
      { onRecoverableError: (e) => console.error('recovered', e) },
    );
  });
  const logged = errors.mock.calls.map((c) => c.map(String).join(' '));
  errors.mockRestore();
  return { button, panel, serverLinks, logged };
}

describe('the header models menu while a page hydrates', () => {
  it('keeps the server HTML of the closed menu, links included, without React building it', async () => {
    const { button, panel, serverLinks, logged } = await hydrateHeader();
    expect(logged).toEqual([]);
    expect(reactBuilt(button)).toBe(true); // the header itself hydrated
    expect(serverLinks.length).toBeGreaterThan(5);
    expect(serverLinks.some((a) => a.getAttribute('href') === '/contact')).toBe(true);
    // The same nodes, still there, and not React's.
    expect([...panel.querySelectorAll('a')]).toEqual(serverLinks);
    expect(serverLinks.some(reactBuilt)).toBe(false);
  });

  it('builds the menu when opened, and ArrowDown still moves focus to its first link', async () => {
    const { button, panel, serverLinks } = await hydrateHeader();
    await act(async () => void fireEvent.keyDown(button, { key: 'ArrowDown' }));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const links = [...panel.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      serverLinks.map((a) => a.getAttribute('href')),
    );
    expect(links.every(reactBuilt)).toBe(true);
    expect(document.activeElement).toBe(links[0]);
  });

  it('builds it on pointer intent, before any click, without opening it', async () => {
    const { button, panel } = await hydrateHeader();
    await act(async () => void fireEvent.pointerEnter(button.closest('li')!));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect([...panel.querySelectorAll('a')].every(reactBuilt)).toBe(true);
  });
});
