/**
 * The left column's panels (Pages, Add blocks, Outline) collapse to their title and open
 * again, each remembered in this browser (docs/editor-guide.md, "The editor's screen"). A
 * collapsed panel's body stays mounted but hidden, so the outline keeps its focus and drag
 * state; the title is a disclosure button inside the panel's heading.
 */
import { useCallback, useSyncExternalStore, type ReactNode } from 'react';

export type PanelName = 'pages' | 'palette' | 'outline';

/** Where the collapsed panels are kept: `{ "pages": false }` means Pages is collapsed. */
export const COLLAPSED_PANELS_KEY = 'forecourt:editor:collapsed-panels';

type Panels = Partial<Record<PanelName, boolean>>;

const listeners = new Set<() => void>();
/** The choices storage refused to keep: they hold for this page only. */
const unsaved: Panels = {};

function readAll(): Panels {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(COLLAPSED_PANELS_KEY) ?? '{}') as unknown;
    return { ...unsaved, ...(v && typeof v === 'object' ? (v as Panels) : {}) };
  } catch {
    return { ...unsaved }; // storage refused, or a hand-edited value: the defaults
  }
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Whether a panel is open (default: open), and a toggle that remembers the choice. */
export function usePanelOpen(name: PanelName): [boolean, () => void] {
  const open = useSyncExternalStore(subscribe, () => readAll()[name] !== false);
  const toggle = useCallback(() => {
    const all = readAll();
    all[name] = all[name] === false;
    try {
      globalThis.localStorage?.setItem(COLLAPSED_PANELS_KEY, JSON.stringify(all));
    } catch {
      unsaved[name] = all[name]; // not remembered after a reload, but the panel follows the click
    }
    for (const l of listeners) l();
  }, [name]);
  return [open, toggle];
}

/** A panel's heading whose words open and close its body (`controls`: the body's id). */
export function PanelTitle(props: {
  id: string;
  open: boolean;
  onToggle: () => void;
  controls: string;
  children: ReactNode;
}) {
  return (
    <h2 id={props.id} className="fc-panel-title">
      <button
        type="button"
        className="fc-panel-toggle"
        aria-expanded={props.open}
        aria-controls={props.controls}
        onClick={props.onToggle}
      >
        <span aria-hidden="true" className="fc-panel-caret">
          {props.open ? '▾' : '▸'}
        </span>
        {props.children}
      </button>
    </h2>
  );
}
