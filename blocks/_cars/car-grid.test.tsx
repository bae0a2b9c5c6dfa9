/** CarGrid: promo tiles among the cars and the compare bar. */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CarGrid } from './CarGrid.tsx';
import { car } from './test-cars.ts';
import { freshVisitorEachTest, renderWith } from './test-render.tsx';

freshVisitorEachTest();

describe('CarGrid promo tiles', () => {
  const cars = Array.from({ length: 20 }, (_, i) =>
    car({ id: i + 1, objectID: String(i + 1), slug: `c-${i + 1}` }),
  );
  it('inserts the current tiles at the site positions (8 and 17), not the expired 2025 promotion', () => {
    renderWith(<CarGrid cars={cars} />, 'southern-motor-group', '/search/used-cars');
    const items = [...document.querySelectorAll('.fc-car-grid > li')];
    expect(items).toHaveLength(22);
    expect(items[7].querySelector('.fc-promo-tile')).toBeTruthy();
    expect(items[16].querySelector('.fc-promo-tile')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Summer Sale');
  });
  it('picking cars to compare shows the compare bar with a link to /compare', () => {
    renderWith(<CarGrid cars={cars.slice(0, 3)} />, 'gold-coast-ford', '/search/used-cars');
    expect(document.querySelector('.fc-compare-bar')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: /^Compare/ })[0]);
    const bar = screen.getByRole('region', { name: 'Compare' });
    expect(bar.textContent).toContain('1 car to compare (pick one more)');
    fireEvent.click(screen.getAllByRole('button', { name: /^Compare/ })[1]);
    expect(bar.textContent).toContain('2 cars to compare');
    expect(within(bar).getByRole('link', { name: 'Compare now' }).getAttribute('href')).toBe(
      '/compare',
    );
  });

  it('a grid shown again in the same visit (Back to the search) puts the same tiles at the same places', () => {
    const tiles = () =>
      [...document.querySelectorAll('.fc-car-grid > li')].map(
        (li) => li.querySelector('.fc-promo-tile')?.getAttribute('data-promo-tile') ?? 'car',
      );
    const first = renderWith(<CarGrid cars={cars} />, 'southern-motor-group', '/search/used-cars');
    const shown = tiles();
    first.unmount();
    for (let i = 0; i < 5; i++) {
      const again = renderWith(
        <CarGrid cars={cars} />,
        'southern-motor-group',
        '/search/used-cars',
      );
      expect(tiles()).toEqual(shown);
      again.unmount();
    }
    expect(shown.filter((t) => t !== 'car')).toHaveLength(2);
  });

  it('a used-only tile does not show on a new-cars search', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const r = renderWith(<CarGrid cars={cars} />, 'southern-motor-group', '/search/new-cars');
      for (const t of document.querySelectorAll('.fc-promo-tile__heading'))
        seen.add(t.textContent!);
      r.unmount();
    }
    expect([...seen].some((h) => h.includes('Mechanical Protection'))).toBe(false);
  });
});
