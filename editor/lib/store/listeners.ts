/**
 * Who hears of a store change, and when (docs/editor-design.md, "Drops: the preview first"
 * and "Typing: the rest of the editor at the pause"): the leading listeners (the preview's
 * fast path, the check's timer) at once, always; the others (every `useEditor`, the
 * autosave, the other tabs) at once too, unless the change was made in `hold`: then a task
 * later (a drop), or once typing pauses (a key).
 */

/**
 * Typing holds the editor's render until the keys pause this long: a fast typist's next key
 * no longer waits behind the editor re-rendering for the last one. Longer than the gap
 * between a quick typist's keys (120 to 150 ms).
 */
export const TYPING_PAUSE_MS = 200;
/**
 * ...but the editor (outline, unsaved status, autosave) catches up on a key typed this long
 * after the hold began, in the task right after that key: the most room before the next one.
 */
export const TYPING_HOLD_MAX_MS = 1000;

type Listener = () => void;
export type Hold = 'task' | 'pause';

export class StoreListeners {
  private rest = new Set<Listener>();
  private leading = new Set<Listener>();
  private holding: false | Hold = false;
  /** The other listeners have a change they have not been told of yet. */
  private held = false;
  private heldTask: ReturnType<typeof setTimeout> | undefined;
  /** When typing began to be held, and the wait for its pause. */
  private heldSince: number | undefined;
  private pause: ReturnType<typeof setTimeout> | undefined;
  private afterHeld: Listener[] = [];

  subscribe = (fn: Listener): (() => void) => {
    this.rest.add(fn);
    return () => this.rest.delete(fn);
  };

  subscribeLeading = (fn: Listener): (() => void) => {
    this.leading.add(fn);
    return () => this.leading.delete(fn);
  };

  /** Runs `fn` with the changes it makes held as `how`; `after` runs just before the others hear of them. */
  hold<T>(how: Hold, fn: () => T, after?: Listener): T {
    const was = this.holding;
    this.holding = how;
    try {
      return fn();
    } finally {
      this.holding = was;
      if (after && this.held) this.afterHeld.push(after);
      else after?.();
    }
  }

  /** A change was made: the leading listeners hear of it now, the others now or as held. */
  changed() {
    for (const fn of this.leading) fn();
    if (!this.holding) return this.tellRest();
    this.held = true;
    if (this.holding === 'pause') {
      const now = Date.now();
      this.heldSince ??= now;
      clearTimeout(this.pause);
      if (now - this.heldSince < TYPING_HOLD_MAX_MS)
        return void (this.pause = setTimeout(this.tellRest, TYPING_PAUSE_MS));
    }
    this.heldTask ??= setTimeout(this.tellRest, 0);
  }

  /** Tells the other listeners of a held change now. */
  tellHeld() {
    if (this.held) this.tellRest();
  }

  private tellRest = () => {
    clearTimeout(this.heldTask);
    clearTimeout(this.pause);
    this.heldTask = this.pause = this.heldSince = undefined;
    this.held = false;
    const after = this.afterHeld;
    this.afterHeld = [];
    for (const fn of after) fn();
    for (const fn of this.rest) fn();
  };
}
