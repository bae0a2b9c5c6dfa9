/**
 * A list a dialog loads when it opens (History, Stock feeds): what went wrong, "Loading…",
 * or the words for an empty list, so every such dialog says the same in the same places.
 */
import { useEffect, useState, type ReactNode } from 'react';

/** Loads once per `load`; the error names what could not be loaded (`what`). */
export function useLoadedList<T>(
  load: () => Promise<T[]>,
  what: string,
): { items?: T[]; error: string } {
  const [items, setItems] = useState<T[]>();
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    load().then(
      (v) => live && setItems(v),
      (e: Error) => live && setError(`${what} could not be loaded: ${e.message}.`),
    );
    return () => {
      live = false;
    };
  }, [load, what]);
  return { items, error };
}

/** The list's state: its error, "Loading…", the empty text, or the list itself (`children`). */
export function LoadedList<T>(props: {
  items?: T[];
  error: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { items, error } = props;
  return (
    <>
      {error && (
        <p className="fc-error" role="alert">
          {error}
        </p>
      )}
      {!items && !error && <p role="status">Loading…</p>}
      {items && !items.length && <p>{props.empty}</p>}
      {items && items.length > 0 && props.children(items)}
    </>
  );
}
