/**
 * A car held through one server is held on every server at once (docs/api.md, "Reservations"):
 * two APIs on one PostgreSQL database, on one fake clock that never runs the minute job on
 * its own; a reservation through the first reaches the second's stock view as soon as the
 * database tells it (LISTEN/NOTIFY), and so does the hold's end. The release job is a
 * scheduled job of the shared queue (pg-boss): each minute it runs on one of the two, not both.
 */
import { afterAll, expect, it } from 'vitest';
import { FakeClock } from '../../../engine/clock.ts';
import type { HeldCar } from '../../../engine/api/store/types.ts';
import {
  HOLD_CHECK_INTERVAL_MS,
  RESERVATION_HOLD_MS,
} from '../../../engine/api/reservations/terms.ts';
import { describeStores, startApi, tempDataDir, type TestApi } from './harness.ts';
import { reservationApi, START } from './reservations-kit.ts';

const open: TestApi[] = [];
afterAll(async () => {
  for (const t of open) await t.close().catch(() => {});
});

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return condition();
}

describeStores('holds across servers', (store) => {
  const { cars, reserve } = reservationApi();
  const skipOnOne = store === 'sqlite' ? it.skip : it;

  skipOnOne(
    'a hold through one server is shown by the other at once, and its end too',
    async () => {
      const dataDir = tempDataDir();
      const told: HeldCar[][][] = [[], []];
      const clock = new FakeClock(START);
      for (const n of [0, 1]) {
        open.push(
          await startApi({
            dataDir,
            clock,
            getCar: (id) => cars.get(id),
            onHeldCarsChanged: (held) => told[n].push(held),
          }),
        );
      }
      const [first] = open.slice(-2);
      const heldOnSecond = () => told[1].at(-1)?.some((h) => h.car_id === 1234) ?? false;
      expect(heldOnSecond()).toBe(false);

      expect((await reserve(first)).status).toBe(201);
      const at = Date.now();
      expect(await until(heldOnSecond, 5000)).toBe(true);
      expect(Date.now() - at).toBeLessThan(5000);

      // The job ends the hold 48 hours on, on one server or the other: the second hears of that too.
      clock.advance(RESERVATION_HOLD_MS + 60_000);
      await first.api.settled();
      expect(await until(() => !heldOnSecond(), 5000)).toBe(true);
    },
    60_000,
  );

  skipOnOne(
    'the release job runs once a minute across both servers, on one of them',
    async () => {
      const dataDir = tempDataDir();
      const clock = new FakeClock(START);
      const apis = [
        await startApi({ dataDir, clock, getCar: (id) => cars.get(id) }),
        await startApi({ dataDir, clock, getCar: (id) => cars.get(id) }),
      ];
      open.push(...apis);
      const runs = [0, 0];
      apis.forEach((t, n) => {
        const reservations = t.api.store.reservations;
        const release = reservations.releaseExpired.bind(reservations);
        reservations.releaseExpired = (now) => {
          runs[n]++;
          return release(now);
        };
      });
      const MINUTES = 4;
      for (let minute = 1; minute <= MINUTES; minute++) {
        clock.advance(HOLD_CHECK_INTERVAL_MS);
        await Promise.all(apis.map((t) => t.api.settled()));
        expect(runs[0] + runs[1]).toBe(minute);
      }
    },
    60_000,
  );
});
