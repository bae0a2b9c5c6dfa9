/**
 * Test helpers for the car components (tests only; never imported by a block): a render
 * inside a demo site and a router, and a fresh visitor for each test.
 */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import { prepareDemoSite, type DemoSite } from '../_shared/test-utils.tsx';

/** Renders `ui` in a demo site (patched when asked) under a router at `route`. */
export function renderWith(
  ui: React.ReactNode,
  site: DemoSite = 'southern-motor-group',
  route = '/',
  patch?: (d: Record<string, any>) => void,
) {
  const { site: resolved, data } = prepareDemoSite({ site, patch });
  return render(
    <SiteProvider site={resolved} data={data} mode="development">
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </SiteProvider>,
  );
}

/** Registers in the calling test file: each test starts with no stored lists, an empty
 * dataLayer, and ends with every mock restored. */
export function freshVisitorEachTest() {
  beforeEach(() => {
    localStorage.clear();
    (window as { dataLayer?: unknown[] }).dataLayer = [];
  });
  afterEach(() => vi.restoreAllMocks());
}
