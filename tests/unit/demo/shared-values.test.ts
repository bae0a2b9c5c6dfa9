/**
 * The generated stock holds values equal across cars once (demo/inventory/shared-values.ts,
 * docs/deploy.md "Memory and start-up"): equal lists are one frozen array, texts are stored
 * flat, and a held car stays within its heap budget.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInventory, readCatalogue, readInventorySites } from '../../../demo/defaults.ts';
import { flatText, joinFlat, valuePool } from '../../../demo/inventory/shared-values.ts';
import type { Car } from '../../../schemas/types.gen.ts';

const root = join(import.meta.dirname, '../../..');
const sitesDir = join(root, 'sites');
const LISTS = [
  'categories',
  'filtered_features',
  '_tags',
  'payment_processors',
  'standardEquipment',
] as const;

let cars: Car[];
beforeAll(() => {
  cars = generateInventory({
    catalogue: readCatalogue(sitesDir),
    sites: readInventorySites(sitesDir),
    count: 3000,
    now: Date.UTC(2025, 5, 15),
  });
});

describe('values shared across generated cars', () => {
  it.each(LISTS)('%s: cars with equal lists hold one frozen array', (key) => {
    const byText = new Map<string, Set<unknown>>();
    for (const car of cars) {
      const list = car[key];
      expect(Object.isFrozen(list), `car ${car.id}`).toBe(true);
      const text = JSON.stringify(list);
      byText.set(text, (byText.get(text) ?? new Set()).add(list));
    }
    // Repeated values exist (else the check proves nothing), and each is one array.
    expect(byText.size).toBeLessThan(cars.length / 5);
    for (const [text, arrays] of byText) expect(arrays.size, text).toBe(1);
  });

  it('a shared list cannot be changed in place for one car', () => {
    const car = cars.find((c) => (c.categories?.length ?? 0) > 0)!;
    expect(() => car.categories!.push('Bargain')).toThrow(TypeError);
    expect(cars.some((c) => c.categories?.includes('Bargain'))).toBe(false);
  });

  it('the pool gives one value per distinct text or list, equal to what it was given', () => {
    const pool = valuePool();
    const a = pool.text(['2021 Toyota', 'Corolla'].join(' '));
    expect(a).toBe('2021 Toyota Corolla');
    expect(pool.text(null)).toBeNull();
    const list = pool.list(['Family', '4x4']);
    expect(pool.list(['Family', '4x4'])).toBe(list);
    expect(pool.list(['4x4', 'Family'])).not.toBe(list);
    expect(pool.list([])).not.toBe(pool.list(['']));
    expect(flatText('é\ud83d\ude97 \ud800')).toBe('é\ud83d\ude97 \ud800');
    expect(joinFlat('/assets/cars/', 12, '/', 3, '.svg')).toBe('/assets/cars/12/3.svg');
  });

  it('a held car costs under 3.5 KB of heap (4.9 KB with ropes and a list per car)', () => {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(import.meta.dirname, 'car-heap.measure.ts')],
      { cwd: root, encoding: 'utf8' },
    );
    const { cars: count, bytesPerCar } = JSON.parse(out) as { cars: number; bytesPerCar: number };
    expect(count).toBe(5000);
    expect(bytesPerCar).toBeGreaterThan(1000);
    expect(bytesPerCar).toBeLessThan(3500);
  }, 60_000);
});
