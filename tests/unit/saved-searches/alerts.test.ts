/**
 * Alert runs on both stores (engine/api/alerts): only cars new since the last run are matched,
 * by the site's search engine; watched cars' price drops and sales, and watched cars that
 * leave the stock without being marked sold; instant emails at once,
 * daily ones as one digest a day; each with its one-click unsubscribe header.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GONE_WORDS } from '../../../engine/api/alerts/email.ts';
import { ALERT_DEFAULTS } from '../../../engine/api/alerts/worker.ts';
import type { AlertStock } from '../../../engine/api/alerts/find.ts';
import { CAR_INDEX, createCarSearchEngine } from '../../../engine/search/car-index.ts';
import type { Car } from '../../../schemas/types.gen.ts';
import { describeStores, fixtureCar, startApi, testClock, type TestApi } from '../api/harness.ts';
import { signedIn } from '../api/sign-in-kit.ts';
import { header, startSmtp, type TestSmtp } from '../leads/smtp-kit.ts';
import { FORD } from './kit.ts';

const car = (id: number, make: string, price: number, extra: Partial<Car> = {}) =>
  fixtureCar({
    id,
    objectID: String(id),
    slug: `car-${id}`,
    name: `2022 ${make} Car ${id}`,
    make,
    price,
    ...extra,
  });

describeStores('saved-search alerts', () => {
  let t: TestApi;
  let smtp: TestSmtp;
  let cars: Car[] = [car(1, 'Ford', 30000), car(2, 'Ford', 40000), car(3, 'Kia', 20000)];
  const clock = testClock();
  const stock: AlertStock = {
    cars: () => cars,
    search: (_site, params) =>
      createCarSearchEngine(cars, { warm: false }).search(CAR_INDEX, params),
  };
  /** Tells the worker the stock changed and waits for the run and its emails. */
  const reload = async () => {
    t.api.alerts.stockChanged(['au-motors']);
    await t.api.settled();
    await t.api.alerts.sendDue();
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApi({
      now: clock.now,
      alertStock: stock,
      env: { FORECOURT_SMTP_URL: smtp.url, FORECOURT_PUBLIC_ORIGIN: 'https://cars.example' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('emails new matching cars only, and watched cars’ price drops and sales', async () => {
    const me = await signedIn(t, { site: 'au-motors', phone_number: '0412 000 777' });
    await t.post('/watchlist/save-car', { site: 'au-motors', car_id: 1 }, me);
    await t.post('/watchlist/save-car', { site: 'au-motors', car_id: 2 }, me);
    expect((await t.post('/saved-searches', { ...FORD, email: 'me@example.com' }, me)).status).toBe(
      201,
    );
    await t.api.settled();
    // Saving recorded the stock as it was: nothing there is new.
    await reload();
    expect(smtp.mail).toEqual([]);

    cars = [
      car(1, 'Ford', 27000),
      car(2, 'Ford', 40000, { status: 'sold' }),
      car(3, 'Kia', 20000),
      car(4, 'Ford', 35000),
      car(5, 'Kia', 25000),
    ];
    await reload();
    expect(smtp.mail).toHaveLength(1);
    const [mail] = smtp.mail;
    expect(mail.to).toEqual(['me@example.com']);
    expect(mail.raw).toContain('2022 Ford Car 4');
    expect(mail.raw).not.toContain('Kia Car 5');
    // Ford Car 1 was there before: it is told as a price drop, never as new.
    expect(mail.raw).not.toContain('New: 2022 Ford Car 1');
    expect(mail.raw).toMatch(/Price drop: 2022 Ford Car 1/);
    expect(mail.raw).toMatch(/Sold: 2022 Ford Car 2/);
    const unsubscribe = header(mail.raw, 'List-Unsubscribe')!;
    expect(unsubscribe).toMatch(
      /^<https:\/\/cars\.example\/api\/saved-searches\/unsubscribe\?token=/,
    );
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // The same stock again is nothing new.
    await reload();
    expect(smtp.mail).toHaveLength(1);

    // The link unsubscribes: the next new Ford is emailed to nobody.
    const path = unsubscribe.slice(1, -1).replace('https://cars.example/api', '');
    expect((await t.raw(path, { method: 'POST' })).status).toBe(200);
    cars = [...cars, car(6, 'Ford', 31000)];
    await reload();
    expect(smtp.mail).toHaveLength(1);
  });

  it('a daily search gets one digest a day, of every new match since', async () => {
    clock.advance(61_000);
    smtp.mail.length = 0;
    const me = await signedIn(t, { site: 'au-motors', phone_number: '0412 000 888' });
    await t.post(
      '/saved-searches',
      { ...FORD, email: 'daily@example.com', frequency: 'daily', params: { query: 'Kia' } },
      me,
    );
    await t.api.settled();
    cars = [...cars, car(7, 'Kia', 21000)];
    await reload();
    clock.advance(60 * 60_000);
    cars = [...cars, car(8, 'Kia', 22000)];
    await reload();
    expect(smtp.mail).toEqual([]);
    clock.advance(ALERT_DEFAULTS.digestDelayMs);
    await t.api.alerts.sendDue();
    expect(smtp.mail).toHaveLength(1);
    expect(smtp.mail[0].subject).toContain('daily');
    expect(smtp.mail[0].raw).toContain('Kia Car 7');
    expect(smtp.mail[0].raw).toContain('Kia Car 8');
  });

  it('tells a watched car that leaves the stock without being marked sold, and no other', async () => {
    smtp.mail.length = 0;
    const me = await signedIn(t, { site: 'au-motors', phone_number: '0412 000 999' });
    await t.post('/watchlist/save-car', { site: 'au-motors', car_id: 7 }, me);
    await t.post('/saved-searches', { ...FORD, email: 'gone@example.com' }, me);
    await t.api.settled();
    // A feed (or the sold window of 0) takes car 7, which this visitor watches, and car 8 away.
    cars = cars.filter((c) => c.id !== 7 && c.id !== 8);
    await reload();
    expect(smtp.mail).toHaveLength(1);
    const [mail] = smtp.mail;
    expect(mail.to).toEqual(['gone@example.com']);
    expect(mail.raw).toContain(`${GONE_WORDS}: 2022 Kia Car 7`);
    expect(mail.raw).toContain('/cars/car-7');
    expect(mail.raw).not.toContain('Car 8');
    // Once told, it is not told again.
    await reload();
    expect(smtp.mail).toHaveLength(1);
  });
});
