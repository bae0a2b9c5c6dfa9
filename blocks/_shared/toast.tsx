/**
 * Toasts: short notices that appear in a corner (e.g. "Car Saved In Watchlist").
 * The queue holds one toast at a time: a new toast replaces the one shown. A
 * dismissed toast is removed after TOAST_REMOVE_DELAY (1,000,000 ms, so in
 * practice a toast stays until the visitor closes it or another replaces it; docs/forms.md, "Toasts").
 *
 * Any block calls toast({ title, text, link }). The toasts render in one polite live
 * region (screen readers announce them without moving focus). A <Toaster /> may be
 * placed in the page; if none is mounted, the first toast mounts one at the end of
 * <body> by itself.
 */
import { useEffect, useSyncExternalStore, type MouseEvent } from 'react';
import './toast.css';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastLink {
  label: string;
  /** Already resolved href (use react-router's useHref for site paths, so the base path is kept). */
  href: string;
  /** Client-side navigation instead of a page load (e.g. () => navigate('/watchlist')). */
  navigate?: () => void;
}

export interface ToastInput {
  title: string;
  text?: string;
  link?: ToastLink;
  tone?: 'default' | 'success' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** Pure: the queue after an action. At most TOAST_LIMIT toasts, newest first. */
export function toastReducer(state: ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'update':
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case 'dismiss':
      return state.map((t) =>
        action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
      );
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

let state: ToastItem[] = [];
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction) {
  state = toastReducer(state, action);
  if (action.type === 'dismiss') {
    for (const t of state) if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id);
  }
  for (const l of listeners) l();
}

function scheduleRemoval(id: string) {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string) {
  dispatch({ type: 'dismiss', id });
}

/** Shows a toast (replacing the one shown). Returns its id and a way to close it. */
export function toast(input: ToastInput): { id: string; dismiss(): void } {
  const id = `toast-${++counter}`;
  ensureToaster();
  dispatch({ type: 'add', toast: { tone: 'default', ...input, id, open: true } });
  return { id, dismiss: () => dismissToast(id) };
}

/** For tests: back to an empty queue. */
export function resetToasts() {
  for (const t of removals.values()) clearTimeout(t);
  removals.clear();
  state = [];
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  );
}
const EMPTY: ToastItem[] = [];

let mounted = 0;
let autoRoot: { unmount(): void } | undefined;

/** Mounts a Toaster at the end of <body> when the page has none (browser only). */
function ensureToaster() {
  if (typeof document === 'undefined' || mounted > 0 || autoRoot) return;
  const host = document.createElement('div');
  host.setAttribute('data-fc-toaster', '');
  document.body.appendChild(host);
  void import('react-dom/client').then(({ createRoot }) => {
    if (mounted > 0) return host.remove();
    const root = createRoot(host);
    root.render(<Toaster />);
    autoRoot = {
      unmount: () => {
        root.unmount();
        host.remove();
      },
    };
  });
}

export function Toaster() {
  const toasts = useToasts();
  useEffect(() => {
    mounted++;
    return () => {
      mounted--;
    };
  }, []);
  const visible = toasts.filter((t) => t.open);
  return (
    <section className="fc-toast-region" aria-label="Notifications">
      <div role="status" aria-live="polite" aria-atomic="true">
        {visible.map((t) => (
          <ToastView key={t.id} item={t} />
        ))}
      </div>
    </section>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  const onLink = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      !item.link?.navigate ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.button !== 0
    )
      return;
    event.preventDefault();
    item.link.navigate();
    dismissToast(item.id);
  };
  return (
    <div className={`fc-toast fc-toast--${item.tone ?? 'default'}`} data-toast-id={item.id}>
      <div className="fc-toast__body">
        <p className="fc-toast__title">{item.title}</p>
        {item.text && <p className="fc-toast__text">{item.text}</p>}
        {item.link && (
          <a className="fc-toast__link" href={item.link.href} onClick={onLink}>
            {item.link.label}
          </a>
        )}
      </div>
      <button
        type="button"
        className="fc-toast__close"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(item.id)}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
          <path
            d="M6 6l12 12M18 6L6 18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  );
}
