/**
 * The editor's polite live region, with its words kept in a small store of their own:
 * announcing re-renders this region alone, not the editor around it (an announcement
 * comes with every drop, and re-rendering the whole editor then delayed the preview;
 * docs/editor-design.md, "Drops: the preview first").
 */
import { useSyncExternalStore } from 'react';

export class Announcer {
  private text = '';
  private listeners = new Set<() => void>();

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  get = (): string => this.text;

  /** Says `text`: cleared first, then set a frame later, so the same words are read again. */
  say = (text: string) => {
    this.set('');
    requestAnimationFrame(() => this.set(text));
  };

  private set(text: string) {
    if (text === this.text) return;
    this.text = text;
    for (const fn of this.listeners) fn();
  }
}

export function LiveRegion({ announcer }: { announcer: Announcer }) {
  const text = useSyncExternalStore(announcer.subscribe, announcer.get);
  return (
    <div className="fc-visually-hidden" aria-live="polite" role="status" data-announcer>
      {text}
    </div>
  );
}
