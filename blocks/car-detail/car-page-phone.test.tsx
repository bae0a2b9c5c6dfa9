/** The car page on a phone: swipeable gallery with a full-screen view, the Call / Enquire bar, similar cars. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Car } from '../../schemas/types.gen.ts';
import carDetail from './index.tsx';
import { Gallery } from './Gallery.tsx';
import { DRAG_PROPERTY, SWIPE_MIN_PX } from './gestures.ts';
import { SIMILAR_CARS_HEADING } from './SimilarCars.tsx';
import { loadAndRender } from '../_shared/test-load.tsx';
import { car, NOW } from '../_cars/test-cars.ts';
import { freshVisitorEachTest, renderWith } from '../_cars/test-render.tsx';

freshVisitorEachTest();

// Platform photos, served at the ladder's widths (blocks/_shared/photo.ts).
const PHOTOS = [1, 2, 3].map((n) => `/assets/cars/1001/${n}.svg`);
const photo = () => screen.getByRole('img', { name: /photo \d of 3/ });

function drag(el: Element, dx: number, dy = 0) {
  fireEvent.pointerDown(el, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 300 });
  fireEvent.pointerUp(el, {
    pointerId: 1,
    pointerType: 'touch',
    clientX: 200 + dx,
    clientY: 300 + dy,
  });
}

describe('gallery', () => {
  it('a swipe left shows the next photo, right the previous; a mostly vertical move or a short one does not', () => {
    renderWith(<Gallery photos={PHOTOS} name="Corolla" />);
    const stage = document.querySelector('[data-swipe]')!;
    drag(stage, -(SWIPE_MIN_PX + 10));
    expect(photo().getAttribute('alt')).toBe('Corolla, photo 2 of 3');
    drag(stage, SWIPE_MIN_PX + 10);
    expect(photo().getAttribute('alt')).toBe('Corolla, photo 1 of 3');
    drag(stage, -(SWIPE_MIN_PX + 10), SWIPE_MIN_PX + 40);
    drag(stage, -(SWIPE_MIN_PX - 10));
    expect(photo().getAttribute('alt')).toBe('Corolla, photo 1 of 3');
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 200, clientY: 300 });
    fireEvent.pointerCancel(stage, { pointerId: 1 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 100, clientY: 300 });
    expect(photo().getAttribute('alt')).toBe('Corolla, photo 1 of 3');
  });

  it('the photo follows a sideways finger during the swipe and lets go when it is lifted', () => {
    renderWith(<Gallery photos={PHOTOS} name="Corolla" />);
    const stage = document.querySelector<HTMLElement>('[data-swipe]')!;
    const at = { pointerId: 1, pointerType: 'touch' };
    fireEvent.pointerDown(stage, { ...at, clientX: 200, clientY: 300 });
    fireEvent.pointerMove(stage, { ...at, clientX: 170, clientY: 305 });
    expect(stage.style.getPropertyValue(DRAG_PROPERTY)).toBe('-30px');
    expect(stage.hasAttribute('data-dragging')).toBe(true);
    // Mostly up or down: the page scrolls and the photo stays.
    fireEvent.pointerMove(stage, { ...at, clientX: 190, clientY: 360 });
    expect(stage.style.getPropertyValue(DRAG_PROPERTY)).toBe('0px');
    fireEvent.pointerMove(stage, { ...at, clientX: 120, clientY: 300 });
    fireEvent.pointerUp(stage, { ...at, clientX: 120, clientY: 300 });
    expect(stage.style.getPropertyValue(DRAG_PROPERTY)).toBe('');
    expect(stage.hasAttribute('data-dragging')).toBe(false);
    expect(photo().getAttribute('alt')).toBe('Corolla, photo 2 of 3');
    // A gesture the browser takes over (pointercancel) lets go too.
    fireEvent.pointerDown(stage, { ...at, clientX: 200, clientY: 300 });
    fireEvent.pointerMove(stage, { ...at, clientX: 230, clientY: 300 });
    fireEvent.pointerCancel(stage, at);
    expect(stage.style.getPropertyValue(DRAG_PROPERTY)).toBe('');
  });

  it('takes focus, and its arrow keys move between photos', () => {
    renderWith(<Gallery photos={PHOTOS} name="Corolla" />);
    const gallery = screen.getByRole('region', { name: 'Photos of the Corolla' });
    expect(gallery.tabIndex).toBe(0);
    gallery.focus();
    fireEvent.keyDown(gallery, { key: 'ArrowLeft' });
    expect(photo().getAttribute('alt')).toBe('Corolla, photo 3 of 3');
    fireEvent.keyDown(gallery, { key: 'Home' });
    expect(photo().getAttribute('alt')).toBe('Corolla, photo 1 of 3');
  });

  it('opens full screen (a dialog loaded when first opened) at the current photo; Escape closes it and focus returns', async () => {
    renderWith(<Gallery photos={PHOTOS} name="Corolla" />);
    const open = screen.getByRole('button', { name: 'Full screen' });
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    const big = within(dialog).getByRole('img');
    expect(big.getAttribute('alt')).toBe('Corolla, photo 2 of 3');
    // Every width up to the ladder's top, the whole viewport wide: the browser picks the screen's.
    expect(big.getAttribute('sizes')).toBe('100vw');
    drag(dialog.querySelector('.fc-fullscreen__stage')!, -(SWIPE_MIN_PX + 10));
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe('Corolla, photo 3 of 3');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(photo().getAttribute('alt')).toBe('Corolla, photo 3 of 3');
  });

  it('a tap on the photo opens full screen too', async () => {
    renderWith(<Gallery photos={PHOTOS} name="Corolla" />);
    drag(document.querySelector('[data-swipe]')!, 2, 1);
    await screen.findByRole('dialog');
  });
});

describe('car page on a phone', () => {
  const detail = (c: Car, similar: Car[] = []) =>
    loadAndRender('car-detail', carDetail, {
      site: 'southern-motor-group',
      data: { car: c, now: NOW, similar },
      route: `/cars/${c.slug}`,
    });

  it('the bar: Call is a tel: link to the car’s location that records the reveal; Enquire opens the form', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(null, { status: 204 }));
    await detail(car());
    const bar = document.querySelector<HTMLElement>('[data-car-bar]')!;
    const call = within(bar).getByRole('link', { name: /^Call/ });
    expect(call.getAttribute('href')).toBe('tel:0755550101');
    call.addEventListener('click', (e) => e.preventDefault());
    await act(async () => fireEvent.click(call));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/phone-reveals');
    expect(JSON.parse(String(init.body))).toMatchObject({ car_id: 1001 });
    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: 'Enquire' })));
    await screen.findByRole('dialog', {}, { timeout: 5000 });
  });

  it('no bar for a sold car', async () => {
    await detail(car({ status: 'sold', sold: true }));
    expect(document.querySelector('[data-car-bar]')).toBeNull();
  });

  it('similar cars as compact cards: photo, title linking to the car, price; none, no section', async () => {
    const other = car({
      id: 2002,
      objectID: '2002',
      slug: 'other-2002',
      name: '2021 Toyota Yaris',
    });
    await detail(car(), [other]);
    const section = screen.getByRole('region', { name: SIMILAR_CARS_HEADING });
    const link = within(section).getByRole('link', { name: '2021 Toyota Yaris' });
    expect(link.getAttribute('href')).toBe('/cars/other-2002');
    expect(within(section).queryAllByRole('button')).toEqual([]);
    expect(section.querySelector('.fc-car-price')?.textContent).toContain('$');
    document.body.innerHTML = '';
    await detail(car(), []);
    expect(document.querySelector('[data-similar-cars]')).toBeNull();
  });
});
