/**
 * The result cache: at most 10 entries, the oldest evicted first (engine/search/README.md,
 * "Performance and library choices"). An entry is "old" by when it was stored, not by when it
 * was last read: first in, first out, not least recently used.
 */
export const RESULT_CACHE_SIZE = 10;

export class ResultCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(readonly capacity: number = RESULT_CACHE_SIZE) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V) {
    if (this.capacity <= 0) return;
    if (this.entries.has(key)) this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      // A Map iterates in insertion order, so the first key is the oldest entry.
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  has(key: string) {
    return this.entries.has(key);
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  get size() {
    return this.entries.size;
  }

  clear() {
    this.entries.clear();
  }
}
