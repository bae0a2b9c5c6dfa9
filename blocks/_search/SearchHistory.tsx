/** The visitor's recent searches on the search page (history.ts keeps them). */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { readHistory, safeLocalStorage, type HistoryEntry } from './history.ts';

/**
 * The visitor's last searches on this site (read after hydration; the server renders none),
 * read again when `changed` says a search was remembered.
 */
export function SearchHistory({ siteSlug, changed }: { siteSlug: string; changed: EventTarget }) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  useEffect(() => {
    const read = () => setEntries(readHistory(safeLocalStorage(), siteSlug));
    read();
    changed.addEventListener('change', read);
    return () => changed.removeEventListener('change', read);
  }, [siteSlug, changed]);
  if (!entries.length) return null;
  return (
    <nav className="fc-search-history" aria-label="Recent searches">
      <h3>Recent searches</h3>
      <ul>
        {entries.map((e) => (
          <li key={e.url}>
            <Link to={e.url} reloadDocument={false}>
              {e.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
