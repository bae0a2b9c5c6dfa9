/**
 * Which outline rows are near the visible part of the outline (within one height of it,
 * above or below): only those are drop targets. dnd-kit measures every drop target when a
 * drag starts (a box and its scrolling ancestors each), which on a 1,000-row outline was a
 * long task at each pick-up (docs/editor-design.md, "Speed"). Rows come into range as the outline
 * scrolls, auto-scroll while dragging included. Each row subscribes to its own answer, so
 * scrolling re-renders only the rows that come into or leave the range.
 */
export class NearRows {
  private far = new Set<string>();
  private listeners = new Map<string, Set<() => void>>();
  private keys = new Map<Element, string>();
  private io: IntersectionObserver | undefined;

  /** The scrolling outline: rows are near when within one of its heights of its visible part. */
  setRoot(root: Element | null) {
    this.io?.disconnect();
    this.io = undefined;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    this.io = new IntersectionObserver((entries) => this.update(entries), {
      root,
      rootMargin: '100% 0px',
    });
    for (const el of this.keys.keys()) this.io.observe(el);
  }

  /** A row's element (null: it went). Rows count as near until first measured. */
  track(key: string, el: Element | null, previous: Element | null) {
    if (previous) {
      this.keys.delete(previous);
      this.io?.unobserve(previous);
    }
    if (!el) return;
    this.keys.set(el, key);
    this.io?.observe(el);
  }

  private update(entries: IntersectionObserverEntry[]) {
    for (const e of entries) {
      const key = this.keys.get(e.target);
      if (!key || this.far.has(key) === !e.isIntersecting) continue;
      if (e.isIntersecting) this.far.delete(key);
      else this.far.add(key);
      for (const fn of this.listeners.get(key) ?? []) fn();
    }
  }

  isNear = (key: string) => !this.far.has(key);

  subscribe(key: string, fn: () => void): () => void {
    const set = this.listeners.get(key) ?? new Set();
    set.add(fn);
    this.listeners.set(key, set);
    return () => {
      set.delete(fn);
      if (!set.size) this.listeners.delete(key);
    };
  }
}
