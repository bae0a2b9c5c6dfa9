/** CarCard: what a car's card shows and what its buttons, heart and compare toggle do. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ladder } from '../../engine/assets/photo-ladder.ts';
import { CarCard } from './CarCard.tsx';
import { messagesFor } from '../../engine/messages/index.ts';
import { weeklyNote } from './actions.tsx';
import { CARD_LAYOUT } from './images.ts';
import { car, DAY, NOW } from './test-cars.ts';
import { freshVisitorEachTest, renderWith } from './test-render.tsx';

freshVisitorEachTest();

describe('CarCard', () => {
  it('shows the tag, badges, price, weekly finance and the site buttons', () => {
    renderWith(
      <CarCard
        car={car({
          simple_fuel: 'Hybrid',
          certified: true,
          autograb_data: { state_average_market_price: 30000, average_market_price: 31000 },
        })}
        position={0}
        now={NOW}
      />,
    );
    const card = screen.getByRole('article');
    expect(card.className).toContain('fc-car-card--in-stock');
    expect(within(card).getByText('Hybrid').getAttribute('data-tag')).toBe('hybrid');
    within(card).getByText('Below Market Price');
    within(card).getByText('Certified Pre-Owned');
    expect(card.querySelector('[data-price-state="car-price"]')?.textContent).toContain('$27,990');
    expect(card.querySelector('.fc-car-finance__amount')?.textContent).toContain('$120/wk');
    const buttons = [...card.querySelectorAll('[data-button]')].map((b) =>
      b.getAttribute('data-button'),
    );
    expect(buttons).toEqual(['viewDetails', 'enquire', 'testDrive', 'finance']);
    expect(card.querySelector('[data-button="finance"]')?.getAttribute('href')).toBe(
      '/apply-for-finance?preferredDealership=southern-toyota&vehiclePriceBudget=27990&car_id=1001&car_type=used#finance-form',
    );
  });

  it('photo: srcset, sizes, width and height; lazy below the fold', () => {
    renderWith(
      <>
        <CarCard car={car()} position={0} now={NOW} />
        <CarCard car={car({ id: 2, objectID: '2' })} position={5} now={NOW} />
      </>,
    );
    const [first, later] = document.querySelectorAll('img');
    expect(first.getAttribute('srcset')).toContain('?w=640 640w');
    expect(first.getAttribute('sizes')).toBeTruthy();
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['400', '300']);
    expect(first.getAttribute('loading')).toBeNull();
    expect(later.getAttribute('loading')).toBe('lazy');
  });

  it('every eager photo is fetched at high priority and decoded with its frame, the lazy ones are not', () => {
    renderWith(
      <>
        {[0, 1, 2, 3].map((position) => (
          <CarCard
            key={position}
            car={car({ id: 10 + position, objectID: String(10 + position) })}
            position={position}
            eagerCount={3}
            now={NOW}
          />
        ))}
      </>,
    );
    const attrs = [...document.querySelectorAll('img')].map((img) => [
      img.getAttribute('loading'),
      img.getAttribute('fetchpriority'),
      img.getAttribute('decoding'),
    ]);
    expect(attrs).toEqual([
      [null, 'high', null],
      [null, 'high', null],
      [null, 'high', null],
      ['lazy', null, 'async'],
    ]);
  });

  it("an imported car's photo: the ladder's widths in its srcset, its colour painted while it loads", () => {
    const photo = '/assets/stock/ranger-0123456789ab-c7a6b5c.jpg';
    renderWith(
      <CarCard
        car={car({ images: [{ url: photo }], thumbnails: [photo], primary_image_url: photo })}
        position={0}
        now={NOW}
      />,
    );
    const img = document.querySelector('img')!;
    const widths = ladder(CARD_LAYOUT.min, CARD_LAYOUT.max);
    expect(widths.length).toBeGreaterThan(2);
    expect(img.getAttribute('srcset')).toBe(widths.map((w) => `${photo}?w=${w} ${w}w`).join());
    expect(img.getAttribute('src')).toBe(`${photo}?w=${CARD_LAYOUT.fallback}`);
    expect(img.getAttribute('sizes')).toBe(CARD_LAYOUT.sizes);
    expect(img.style.backgroundColor).toBe('rgb(122, 107, 92)');
  });

  it('a sold car: sold class, JUST SOLD, Find Me Something Similar, no heart', () => {
    renderWith(
      <CarCard
        car={car({ status: 'sold', sold: true, sold_date_timestamp: (NOW - DAY) / 1000 })}
        position={0}
        now={NOW}
      />,
    );
    const card = screen.getByRole('article');
    expect(card.className).toContain('fc-car-card--sold');
    within(card).getByText('JUST SOLD');
    expect(
      within(card).getByRole('link', { name: 'Find Me Something Similar' }).getAttribute('href'),
    ).toBe('/search/toyota/corolla');
    expect(card.querySelector('[data-action="favourite"]')).toBeNull();
  });

  it('a sold car has no Compare or Save to watchlist; a car for sale has both', () => {
    const both = (d: Record<string, any>) => {
      d.features.compare = true;
      d.features.watchlist = true;
    };
    const sold = car({ status: 'sold', sold: true, sold_date_timestamp: (NOW - DAY) / 1000 });
    renderWith(<CarCard car={sold} position={0} now={NOW} />, 'southern-motor-group', '/', both);
    const card = screen.getByRole('article');
    expect(card.querySelector('[data-action="compare"]')).toBeNull();
    expect(card.querySelector('[data-action="watchlist"]')).toBeNull();
    cleanup();
    renderWith(<CarCard car={car()} position={0} now={NOW} />, 'southern-motor-group', '/', both);
    const forSale = screen.getByRole('article');
    expect(forSale.querySelector('[data-action="compare"]')).not.toBeNull();
    expect(forSale.querySelector('[data-action="watchlist"]')).not.toBeNull();
  });

  it('Enquire Now opens the enquiry form in a modal', async () => {
    renderWith(<CarCard car={car()} position={0} now={NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('2022 Toyota Corolla Ascent Sport');
  });

  it('the heart toggles a favourite in local storage and fires event 39 on add', () => {
    renderWith(<CarCard car={car()} position={0} now={NOW} />);
    const heart = screen.getByRole('button', { name: /Add .* to favourites/ });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(JSON.parse(localStorage.getItem('fc:favourites:southern-motor-group')!)).toEqual([
      '1001',
    ]);
    expect((window as { dataLayer?: unknown[] }).dataLayer).toContainEqual(
      expect.objectContaining({ event_id: 39, car_id: 1001 }),
    );
    const on = screen.getByRole('button', { name: /Remove .* from favourites/ });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(on);
    expect(JSON.parse(localStorage.getItem('fc:favourites:southern-motor-group')!)).toEqual([]);
    expect((window as { dataLayer?: unknown[] }).dataLayer).toHaveLength(1);
  });

  it('garage rules hide the heart (kiwi-car-yard: no price, new cars)', () => {
    renderWith(
      <>
        <CarCard car={car({ id: 1, objectID: '1', price: 0 })} position={0} now={NOW} />
        <CarCard car={car({ id: 2, objectID: '2', car_type: 'new' })} position={1} now={NOW} />
        <CarCard car={car({ id: 3, objectID: '3' })} position={2} now={NOW} />
      </>,
      'kiwi-car-yard',
    );
    expect(document.querySelectorAll('[data-action="favourite"]')).toHaveLength(1);
    expect(screen.getAllByText('Call for price')).toHaveLength(1);
    // kiwi: no watchlist, no compare, Enquiry wording, no test drive button
    expect(document.querySelector('[data-action="watchlist"]')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Enquiry' }).length).toBeGreaterThan(0);
  });

  it('compare toggles the car in the local list', () => {
    renderWith(<CarCard car={car()} position={0} now={NOW} />, 'gold-coast-ford');
    const compare = screen.getByRole('button', { name: /Compare/ });
    fireEvent.click(compare);
    expect(compare.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('fc:compare:gold-coast-ford')!)).toEqual(['1001']);
  });

  it('Reserve Now with the deposit on Ford sites (reserve buttons on); Test Drive Only gets Book a Test Drive only', () => {
    renderWith(
      <>
        <CarCard car={car({ dealership_slug: 'gold-coast-ford' })} position={0} now={NOW} />
        <CarCard
          car={car({
            id: 2,
            objectID: '2',
            tag: 'Test Drive Only',
            dealership_slug: 'gold-coast-ford',
          })}
          position={1}
          now={NOW}
        />
      </>,
      'gold-coast-ford',
    );
    const [a, b] = screen.getAllByRole('article');
    expect(within(a).getByRole('link', { name: 'Reserve Now $200' }).getAttribute('href')).toBe(
      '/cars/2022-toyota-corolla-ascent-sport-1001/checkout',
    );
    within(a).getByRole('link', { name: 'Get Pre-Approved Now' });
    expect(within(b).queryByRole('button', { name: 'Enquire Now' })).toBeNull();
    within(b).getByRole('button', { name: 'Book a Test Drive' });
    within(b).getByText('Test Drive Only');
  });

  it.each([
    ['southern-motor-group', 'AU'],
    ['kiwi-car-yard', 'NZ'],
    ['lakeside-chevrolet', 'US'],
  ] as const)(
    "weekly finance tooltip on %s: the region's words, the dealer's name for its own rates",
    (site, region) => {
      const manual = { interestRate: 7.49, comparisonRate: 8.1, paymentWeek: 99, termMonths: 60 };
      renderWith(
        <CarCard car={car({ finance_lenders: { Manual: manual } })} position={0} now={NOW} />,
        site,
      );
      const info = screen.getByRole('button', { name: 'About this weekly price' });
      const tip = document.getElementById(info.getAttribute('aria-controls')!)!;
      expect(tip.textContent).not.toContain('Manual');
      const template = messagesFor(region).m('finance.weeklyNote');
      expect(tip.textContent).toContain(template.split('{lender}')[1].trim());
      if (region === 'AU') expect(tip.textContent).toContain('8.1% p.a. comparison rate');
      else expect(tip.textContent).not.toContain('comparison rate');
      if (region === 'US') expect(tip.textContent).toContain('7.49% APR');
    },
  );

  it('the weekly note names the lender, or the dealer for its own rates', () => {
    const info = { provider: 'Manual', weekly: 99, interestRate: 7.49, comparisonRate: 8.1 };
    expect(weeklyNote('with {lender}.', info as never, 'Kiwi Car Yard')).toBe(
      'with Kiwi Car Yard.',
    );
    expect(weeklyNote('with {lender}.', { ...info, provider: 'Taurus' } as never, 'X')).toBe(
      'with Taurus.',
    );
  });

  it('weekly finance tooltip: rate and a link to the terms, opened by its button', () => {
    renderWith(<CarCard car={car()} position={0} now={NOW} />);
    const info = screen.getByRole('button', { name: 'About this weekly price' });
    const tip = document.getElementById(info.getAttribute('aria-controls')!)!;
    expect(tip.hidden).toBe(true);
    fireEvent.click(info);
    expect(tip.hidden).toBe(false);
    expect(tip.textContent).toContain('8.99% p.a.');
    expect(within(tip).getByRole('link').getAttribute('href')).toBe('/terms-and-conditions');
    fireEvent.keyDown(info, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
  });
});
