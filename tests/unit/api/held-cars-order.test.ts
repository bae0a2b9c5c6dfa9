/**
 * The held cars a server is told (engine/api/reservations/holds.ts): reads of the holds overlap
 * (the minute's re-read, an announcement, a release) and may answer out of order; an answer
 * that comes after one asked later is dropped, so the list read before a release never
 * replaces the one read after it.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../engine/clock.ts';
import { CarHolds } from '../../../engine/api/reservations/holds.ts';
import type { HeldCar, ReservationStore } from '../../../engine/api/store/types.ts';

const BEFORE: HeldCar[] = [{ car_id: 1234, held_until: '2025-06-04T01:00:00.000Z' }];

/** A store whose reads of the holds answer when the test says. */
function storeAnsweringLater() {
  const answers: ((held: HeldCar[]) => void)[] = [];
  const store = {
    held: () => new Promise<HeldCar[]>((resolve) => answers.push(resolve)),
  } as unknown as ReservationStore;
  return { store, answers };
}

describe('the held cars told', () => {
  it('are the latest asked: an earlier read answering late is dropped', async () => {
    const { store, answers } = storeAnsweringLater();
    const told: HeldCar[][] = [];
    const holds = new CarHolds(store, new FakeClock(), (held) => told.push(held));
    const before = holds.changed(); // read while the car was held
    const after = holds.changed(); // read after its release
    answers[1]([]);
    await after;
    answers[0](BEFORE);
    await before;
    expect(told).toEqual([[]]);
  });

  it('are each told when they answer in the order asked', async () => {
    const { store, answers } = storeAnsweringLater();
    const told: HeldCar[][] = [];
    const holds = new CarHolds(store, new FakeClock(), (held) => told.push(held));
    const first = holds.changed();
    const second = holds.changed();
    answers[0](BEFORE);
    await first;
    answers[1]([]);
    await second;
    expect(told).toEqual([BEFORE, []]);
  });
});
