/**
 * Values that repeat across the generated cars, held once. A server keeps every car for as
 * long as it runs, so what one car costs is multiplied by 20,000 (docs/deploy.md, "Memory and
 * start-up"): equal texts (names, titles, dates, price buckets) are one string, equal lists
 * (categories, features, tags) one frozen array, and texts are stored flat.
 *
 * Why "flat": V8 builds a string made with `+` or a template literal of 13 characters or more
 * as a rope (a cons string, 32 bytes a piece) pointing at its parts, and keeps the rope: a photo
 * address made with a template literal costs about 150 bytes, the same text made by
 * `Array.prototype.join` 45. Nothing a reader sees changes (the text is the same); frozen
 * shared lists make a change in place throw instead of reaching other cars.
 */

/** A copy of a text stored in one piece (join builds its result flat; see above). */
export function flatText(text: string): string {
  return text.split('').join('');
}

/** Joins parts into one flat string: for texts each car has its own of (photo addresses, VINs). */
export function joinFlat(...parts: (string | number)[]): string {
  return parts.join('');
}

export interface ValuePool {
  /** The one flat copy of a text held by the pool (null stays null). */
  text<T extends string | null>(value: T): T;
  /** The one frozen list with these items, in this order. */
  list<T extends string>(items: readonly T[]): T[];
}

/** A pool for one provider's generations (generate.ts, generationShare): its values live as long as it does. */
export function valuePool(): ValuePool {
  const texts = new Map<string, string>();
  const lists = new Map<string, readonly string[]>();
  const text = <T extends string | null>(value: T): T => {
    if (value === null) return value;
    let held = texts.get(value);
    if (held === undefined) {
      held = flatText(value);
      texts.set(held, held);
    }
    return held as T;
  };
  const list = <T extends string>(items: readonly T[]): T[] => {
    const key = `${items.length}\u0000${items.join('\u0000')}`;
    let held = lists.get(key);
    if (!held) {
      held = Object.freeze(items.map(text));
      lists.set(key, held);
    }
    // Typed as the car's own list; frozen, so a change in place throws.
    return held as T[];
  };
  return { text, list };
}
