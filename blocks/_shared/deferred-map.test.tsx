/**
 * DeferredMap (docs/render.md, "Maps kept from the server"): a hydrating page keeps the map
 * the server drew without loading the map's code, and draws anew, with the code, when its
 * props are no longer the ones the server drew with. The code's arrival is this test's to
 * decide: the loader is replaced (so this file runs in a module graph of its own).
 */
import { act, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, expect, it, vi } from 'vitest';
import { StaticMap, type MapPoint } from './StaticMap.tsx';

let here: typeof StaticMap | undefined = StaticMap;
const load = vi.fn(async () => (here = StaticMap));
vi.doMock('./static-map-code.ts', () => ({ loadedStaticMap: () => here, loadStaticMap: load }));
const { DeferredMap } = await import('./DeferredMap.tsx');

const points: MapPoint[] = [
  { id: 1, lat: -27.97, long: 153.41, label: 'Southport' },
  { id: 2, lat: -27.99, long: 153.3, label: 'Nerang' },
];

let root: Root | undefined;
afterAll(() => root?.unmount());

it("keeps the server's map without its code, and draws other props anew with it", async () => {
  const html = renderToString(<DeferredMap points={points} label="Map of 2 locations" />);
  expect(html).toContain('Nerang');

  here = undefined; // the browser, before the map's code
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors = vi.spyOn(console, 'error');
  await act(async () => {
    root = hydrateRoot(container, <DeferredMap points={points} label="Map of 2 locations" />);
  });
  const map = () => container.querySelector('svg.fc-static-map');
  expect(map()?.textContent).toContain('Nerang');
  expect(map()?.querySelectorAll('.fc-static-map__pin')).toHaveLength(2);
  expect(load).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();

  await act(async () => {
    root!.render(<DeferredMap points={points.slice(0, 1)} label="Map of 1 location" />);
  });
  expect(load).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(map()?.querySelectorAll('.fc-static-map__pin')).toHaveLength(1));
  expect(map()?.textContent).not.toContain('Nerang');
  errors.mockRestore();
});
