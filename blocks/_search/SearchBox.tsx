/** The search blocks' free-text search box: typing searches after a pause, Enter at once. */
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchBox } from 'react-instantsearch';
import { SEARCH_DELAY_MS } from './constants.ts';
import { useDebouncedCallback } from './hooks.ts';

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
  const sent = useRef(query);
  const debounced = useDebouncedCallback(
    (text: string) => refine((sent.current = text)),
    SEARCH_DELAY_MS,
  );
  // The query changed elsewhere (Back, clear all): show it, unless it is what the visitor is typing.
  useEffect(() => {
    if (!focused.current || query !== sent.current) setValue((sent.current = query));
  }, [query]);
  return (
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
        maxLength={200}
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
  );
}
