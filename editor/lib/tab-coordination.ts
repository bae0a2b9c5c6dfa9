/**
 * Tabs of one browser that open the same site take turns: one edits, the others follow it
 * read-only, showing its draft as it changes and its saves, until staff choose "Edit here
 * instead" (docs/editor-design.md, "Tabs of one browser"). So two tabs never write the same
 * autosaved draft, and nothing typed in one is lost to the other.
 *
 * Who edits is a Web Lock per site (`navigator.locks`: held while the tab lives, let go by
 * the browser when it closes or crashes); what the editing tab has is told on a
 * BroadcastChannel per site. A hand-over is asked for on the channel; the editing tab
 * answers with its last state, then lets the lock go, and the asking tab, granted it, takes
 * that state before it edits. Without Web Locks (an old browser) every tab edits, as before.
 */
import type { Doc } from './doc.ts';

export interface TabState {
  doc: Doc;
  saved: Doc;
  baseVersion?: string;
}

export type TabRole = 'starting' | 'editing' | 'following';

type Message =
  | { type: 'hello'; from: string }
  | { type: 'state'; from: string; state: TabState }
  | { type: 'take'; from: string }
  | { type: 'yield'; from: string; to: string; state: TabState };

/** The part of `navigator.locks` used here. */
export interface Locks {
  request(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}

/** The part of a BroadcastChannel used here. */
export interface Channel {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export interface TabCoordinationOptions {
  slug: string;
  /** This tab's state, as sent to the others. */
  read: () => TabState;
  /** Shows the editing tab's state here (only while following, and on taking over). */
  adopt: (state: TabState) => void;
  /** Called before the state is read for a hand-over (the autosave writes what is pending). */
  flush?: () => void;
  onRole: (role: TabRole) => void;
  locks?: Locks;
  channel?: Channel;
  /** How long a tab granted the lock waits for the hand-over's state before it edits what it has. */
  handOverWait?: number;
}

/** The lock and channel name of a site (one per slug, shared by every tab of this origin). */
export const tabKey = (slug: string) => `forecourt:editor:tab:${slug}`;

export class TabCoordination {
  readonly id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  role: TabRole = 'starting';
  private release?: () => void;
  private taking = false;
  private granted = false;
  private handedOver?: TabState;
  private stopped = false;
  private readonly locks?: Locks;
  private readonly channel?: Channel;

  constructor(private readonly o: TabCoordinationOptions) {
    this.locks = o.locks;
    this.channel = o.channel;
    if (this.channel) this.channel.onmessage = (e) => this.receive(e.data as Message);
  }

  /** Edits when no other tab does, else follows the one that does. */
  start() {
    if (!this.locks || !this.channel) return this.become('editing');
    void this.locks.request(tabKey(this.o.slug), { ifAvailable: true }, (lock) => {
      if (!lock || this.stopped) {
        if (!this.stopped) {
          this.become('following');
          this.post({ type: 'hello', from: this.id });
        }
        return Promise.resolve();
      }
      this.become('editing');
      return this.hold();
    });
  }

  /** "Edit here instead": asks the editing tab to hand over, and edits once it has. */
  takeOver() {
    if (this.role !== 'following' || this.taking || !this.locks) return;
    this.taking = true;
    this.granted = false;
    this.handedOver = undefined;
    this.post({ type: 'take', from: this.id });
    void this.locks.request(tabKey(this.o.slug), {}, () => {
      if (this.stopped) return Promise.resolve();
      this.granted = true;
      // The editing tab sends its state before it lets the lock go; if the grant still came
      // first, wait a moment for it (a tab that crashed sends nothing: its autosave is what there is).
      if (this.handedOver) this.finishTakeOver();
      else setTimeout(() => this.finishTakeOver(), this.o.handOverWait ?? 1000);
      return this.hold();
    });
  }

  /** The editing tab tells the others what it has (after each change and save). */
  broadcast() {
    if (this.role === 'editing') this.post({ type: 'state', from: this.id, state: this.o.read() });
  }

  stop() {
    this.stopped = true;
    this.release?.();
    this.release = undefined;
    if (this.channel) {
      this.channel.onmessage = null;
      this.channel.close();
    }
  }

  private finishTakeOver() {
    if (!this.taking || this.stopped) return;
    this.taking = false;
    if (this.handedOver) this.o.adopt(this.handedOver);
    this.handedOver = undefined;
    this.become('editing');
    this.broadcast();
  }

  private hold() {
    return new Promise<void>((resolve) => (this.release = resolve));
  }

  private become(role: TabRole) {
    this.role = role;
    this.o.onRole(role);
  }

  private post(message: Message) {
    this.channel?.postMessage(message);
  }

  private receive(m: Message) {
    if (this.stopped || !m || m.from === this.id) return;
    switch (m.type) {
      case 'hello':
        this.broadcast();
        break;
      case 'state':
        if (this.role === 'following') this.o.adopt(m.state);
        break;
      case 'take':
        if (this.role !== 'editing') break;
        this.o.flush?.();
        this.post({ type: 'yield', from: this.id, to: m.from, state: this.o.read() });
        this.become('following');
        this.release?.();
        this.release = undefined;
        break;
      case 'yield':
        if (m.to !== this.id) {
          if (this.role === 'following') this.o.adopt(m.state);
          break;
        }
        this.handedOver = m.state;
        this.o.adopt(m.state);
        if (this.granted) this.finishTakeOver();
        break;
    }
  }
}

/** The browser's Web Locks and a BroadcastChannel for the site, when this browser has them. */
export function browserTabCoordination(
  options: Omit<TabCoordinationOptions, 'locks' | 'channel'>,
): TabCoordination {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks as Locks | undefined;
  // Without locks every tab edits, so there is nothing to tell (and no channel to keep open).
  const channel =
    locks && typeof BroadcastChannel === 'function'
      ? (new BroadcastChannel(tabKey(options.slug)) as unknown as Channel)
      : undefined;
  return new TabCoordination({ ...options, locks, channel });
}
