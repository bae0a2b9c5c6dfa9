/**
 * A car held through one server is held on every server at once (docs/api.md, "Reservations"):
 * two APIs on one PostgreSQL database, each on a fake clock that never runs the minute job on
 * its own; a reservation through the first reaches the second's stock view as soon as the
 * database tells it (LISTEN/NOTIFY), and so does the hold's end when the first releases it.
 */
import { afterAll, expect, it } from 'vitest';
import { FakeClock } from '../../../engine/clock.ts';
import type { HeldCar } from '../../../engine/api/store/types.ts';
import { RESERVATION_HOLD_MS } from '../../../engine/api/reservations/terms.ts';
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
      const clocks = [new FakeClock(START), new FakeClock(START)];
      for (const n of [0, 1]) {
        open.push(
          await startApi({
            dataDir,
            clock: clocks[n],
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

      // The first server's job ends the hold 48 hours on: the second hears of that too.
      clocks[0].advance(RESERVATION_HOLD_MS + 60_000);
      await first.api.settled();
      expect(await until(() => !heldOnSecond(), 5000)).toBe(true);
    },
    60_000,
  );
});
