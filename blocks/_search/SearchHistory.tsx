/** The visitor's recent searches on the search page (history.ts keeps them). */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { readHistory, safeLocalStorage, type HistoryEntry } from './history.ts';

/** The visitor's last searches on this site (read after hydration; the server renders none). */
export function SearchHistory({ siteSlug, version }: { siteSlug: string; version: number }) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  useEffect(() => {
    setEntries(readHistory(safeLocalStorage(), siteSlug));
  }, [siteSlug, version]);
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
