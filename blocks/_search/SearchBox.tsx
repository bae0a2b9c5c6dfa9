/**
 * The search blocks' free-text search box: typing searches after a pause, Enter at once.
 * Words over the engine's limit are cut (cutQuery); an address that asked for more is told so
 * under the box until the visitor searches again.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useSearchBox } from 'react-instantsearch';
import { SEARCH_DELAY_MS } from './constants.ts';
import { useDebouncedCallback } from './hooks.ts';
import { parse } from './qs.ts';
import { cutQuery, MAX_QUERY_LENGTH } from './url-state.ts';

/** Said under the box when the address's search words were cut to what the engine takes. */
export const QUERY_CUT_NOTE = `Your search was too long, so only its first words are searched (up to ${MAX_QUERY_LENGTH} characters).`;

/** The address's own search words, when they are more than the search uses. */
function useCutAddressQuery(): string | undefined {
  const { search } = useLocation();
  const [cut] = useState(() => {
    const raw = (parse(search) as Record<string, unknown>).query;
    return typeof raw === 'string' && cutQuery(raw) !== raw.trim() ? cutQuery(raw) : undefined;
  });
  return cut;
}

export function SearchBox({
  placeholder,
  label = 'Search stock',
}: {
  placeholder: string;
  label?: string;
}) {
  const { query, refine } = useSearchBox();
  const [value, setValue] = useState(query);
  const focused = useRef(false);
  const id = useId();
  const noteId = `${id}-note`;
  const sent = useRef(query);
  const debounced = useDebouncedCallback(
    (text: string) => refine((sent.current = cutQuery(text))),
    SEARCH_DELAY_MS,
  );
  const cut = useCutAddressQuery();
  const showCut = cut !== undefined && query === cut;
  // The query changed elsewhere (Back, clear all): show it, unless it is what the visitor is typing.
  useEffect(() => {
    if (!focused.current || query !== sent.current) setValue((sent.current = query));
  }, [query]);
  return (
    <>
      <form
        className="fc-search-box"
        role="search"
        action=""
        onSubmit={(e) => {
          e.preventDefault();
          debounced.flush(value.trim());
        }}
      >
        <label className="fc-visually-hidden" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="fc-search-box__input"
          type="search"
          name="query"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_QUERY_LENGTH}
          aria-describedby={showCut ? noteId : undefined}
          onFocus={() => (focused.current = true)}
          onBlur={() => (focused.current = false)}
          onChange={(e) => {
            setValue(e.target.value);
            debounced.call(e.target.value.trim());
          }}
        />
        {value && (
          <button
            type="button"
            className="fc-search-box__clear"
            aria-label="Clear search"
            onClick={() => {
              setValue('');
              debounced.flush('');
            }}
          >
            ×
          </button>
        )}
        <button type="submit" className="fc-search-box__submit fc-button">
          Search
        </button>
      </form>
      {showCut && (
        <p id={noteId} className="fc-search-box__note" role="status">
          {QUERY_CUT_NOTE}
        </p>
      )}
    </>
  );
}
