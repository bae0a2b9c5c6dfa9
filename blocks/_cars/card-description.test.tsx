import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import { CarCard } from './CarCard.tsx';
import { DESCRIPTION_LIMIT } from './rules/constants.ts';
import { car, NOW } from './test-cars.ts';

const LONG = 'This well kept ute has a full service history, new tyres and a tow bar fitted. '
  .repeat(11)
  .trim();

function renderCard(description: string) {
  const { site, data } = prepareDemoSite({ site: 'southern-motor-group' });
  return render(
    <SiteProvider site={site} data={data} mode="development">
      <MemoryRouter>
        <CarCard car={car({ description })} position={0} now={NOW} />
      </MemoryRouter>
    </SiteProvider>,
  );
}

describe('card description', () => {
  it('cuts a long description at the limit with an ellipsis, at a word end', () => {
    expect(LONG.length).toBeGreaterThan(800);
    const { container } = renderCard(LONG);
    const text = container.querySelector('.fc-car-card__description')!.textContent!;
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_LIMIT + 1);
    expect(text.endsWith('…')).toBe(true);
    expect(LONG.startsWith(text.slice(0, -1))).toBe(true);
    expect(text.slice(0, -1)).not.toMatch(/\s$/);
  });

  it('shows a short description whole', () => {
    renderCard('One owner, low kilometres.');
    screen.getByText('One owner, low kilometres.');
  });

  it('clamps the description to three lines in the card styles', () => {
    const css = readFileSync(join(import.meta.dirname, 'styles/card.css'), 'utf8');
    expect(css).toMatch(
      /\.fc-car-card__description \{[^}]*-webkit-line-clamp: 3;[^}]*overflow: hidden;/,
    );
  });
});
