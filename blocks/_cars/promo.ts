/**
 * Promotional tiles among car results (docs/cars.md, "Card rules"): tiles are inserted at the
 * site's positions (features.promoTilePositions, default [8]; 1-based, so position 8 is the
 * eighth item), chosen in random order among the eligible ones. A tile is eligible while
 * today is within its start and expiry dates (both inclusive, dealer's calendar days) and
 * its display filter fits the cars in view:
 *  - no display filter: always;
 *  - display [used] (or new, demo, several): when any of those car types is in view;
 *  - strictDisplay: only when every car type in view is one of them (a used-only tile on
 *    a used-cars search or a used-only site, not on a search of all stock).
 * A tile pinned to a position (its own `position`) takes that position; the others are
 * shuffled into the remaining ones. The random source is injectable for tests.
 */
import type { PromoTileProps } from '../../schemas/resolved.gen.ts';

export type CarType = 'new' | 'demo' | 'used';
export const ALL_CAR_TYPES: CarType[] = ['new', 'demo', 'used'];
export const DEFAULT_PROMO_POSITIONS = [8];

export interface PromoTile extends PromoTileProps {
  /** Block id (a stable key). */
  id: string;
}

export type GridItem<C> =
  { type: 'car'; car: C; index: number } | { type: 'tile'; tile: PromoTile; position: number };

/** Today in a time zone as YYYY-MM-DD (the dealer's calendar day). */
export function isoDay(now: number, timeZone = 'Australia/Brisbane'): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(now));
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

/** Within start and expiry (both inclusive; dates compared as YYYY-MM-DD). */
export function isCurrent(tile: Pick<PromoTileProps, 'start' | 'expiry'>, today: string): boolean {
  if (tile.start && today < tile.start.slice(0, 10)) return false;
  if (tile.expiry && today > tile.expiry.slice(0, 10)) return false;
  return true;
}

/** The display filter against the car types in view. */
export function fitsDisplay(
  tile: Pick<PromoTileProps, 'display' | 'strictDisplay'>,
  inView: readonly string[],
): boolean {
  const { display } = tile;
  if (!display.length) return true;
  const view = inView.length ? inView : ALL_CAR_TYPES;
  return tile.strictDisplay
    ? view.every((t) => display.includes(t as CarType))
    : view.some((t) => display.includes(t as CarType));
}

export function eligibleTiles(
  tiles: readonly PromoTile[],
  today: string,
  inView: readonly string[],
): PromoTile[] {
  return tiles.filter((t) => isCurrent(t, today) && fitsDisplay(t, inView));
}

/** Fisher–Yates with the given random source (0 ≤ r < 1). */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Which tile goes to which position: pinned tiles first, the rest shuffled into the free positions. */
export function assignTiles(
  tiles: readonly PromoTile[],
  positions: readonly number[],
  random: () => number,
): Map<number, PromoTile> {
  const sorted = [...new Set(positions)]
    .filter((p) => Number.isInteger(p) && p >= 1)
    .sort((a, b) => a - b);
  const out = new Map<number, PromoTile>();
  const loose: PromoTile[] = [];
  for (const tile of tiles) {
    if (tile.position && !out.has(tile.position)) out.set(tile.position, tile);
    else loose.push(tile);
  }
  const free = sorted.filter((p) => !out.has(p));
  shuffle(loose, random)
    .slice(0, free.length)
    .forEach((tile, i) => out.set(free[i], tile));
  return out;
}

/**
 * The grid: cars with tiles inserted so each tile is the item at its position. A position
 * past the end of the cars (plus the tiles before it) gets no tile, so a short result list
 * never ends with promotions.
 */
export function insertPromoTiles<C>(
  cars: readonly C[],
  assigned: Map<number, PromoTile>,
): GridItem<C>[] {
  const items: GridItem<C>[] = [];
  let carIndex = 0;
  while (carIndex < cars.length) {
    const position = items.length + 1;
    const tile = assigned.get(position);
    if (tile) items.push({ type: 'tile', tile, position });
    else {
      items.push({ type: 'car', car: cars[carIndex], index: carIndex });
      carIndex++;
    }
  }
  return items;
}

/** A small seeded random source (mulberry32), for a stable order where one is needed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
