/**
 * The link field: a combobox (WAI-ARIA APG "editable combobox with list autocomplete")
 * offering the site's pages by title, the sections on them and routes filled with the
 * site's data (site-options.ts), while anything typed (https:, tel:, mailto:, a query) is
 * kept as written. ↓/↑ open the list and move through it, Enter picks, Escape closes;
 * the input keeps focus throughout (aria-activedescendant).
 */
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { FormContext } from '../SchemaForm.tsx';
import { filterOptions, pageOptions, type PickOption } from './site-options.ts';
import { useResolvedSite, useSiteModels } from './site-source.ts';
import './pickers.css';

/** Enough to scan; typing narrows the rest. */
export const MAX_SHOWN = 60;

/** The options while the list is open (nothing is computed or subscribed to while closed). */
function useOptions(open: boolean, paths: string[]): PickOption[] {
  const doc = useResolvedSite(open);
  const wantsModels = useMemo(
    () => Boolean(open && doc && JSON.stringify(doc.pages ?? []).includes(':modelSlug')),
    [open, doc],
  );
  const models = useSiteModels(doc, wantsModels);
  return useMemo(() => {
    if (!open) return [];
    if (!doc) return paths.map((p) => ({ value: p, label: p, detail: p }));
    return pageOptions(doc, models);
  }, [open, doc, models, paths]);
}

export function PagePicker(props: WidgetProps) {
  const {
    id,
    value,
    label,
    placeholder,
    registry,
    onChange,
    onBlur,
    onFocus,
    disabled,
    readonly,
    required,
    rawErrors,
  } = props;
  const text = typeof value === 'string' ? value : '';
  const [open, setOpen] = useState(false);
  /** What was typed since the list opened; null shows every option. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const paths = (registry.formContext as FormContext | undefined)?.paths ?? NO_PATHS;
  const options = useOptions(open, paths);
  const matching = useMemo(() => filterOptions(options, query ?? ''), [options, query]);
  const shown = matching.slice(0, MAX_SHOWN);
  const listId = `${id}-options`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const expanded = open && shown.length > 0;

  useEffect(() => {
    if (expanded && activeIndex >= 0)
      document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const show = (at: number) => {
    setOpen(true);
    setActive(at);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const pick = (option: PickOption) => {
    onChange(option.value);
    close();
  };

  const last = shown.length - 1;
  const activeIndex = Math.min(active, last);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) show(e.altKey ? -1 : 0);
      else setActive(activeIndex >= last ? 0 : activeIndex + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) show(MAX_SHOWN - 1);
      else setActive(activeIndex <= 0 ? last : activeIndex - 1);
    } else if (e.key === 'Enter') {
      if (expanded && activeIndex >= 0) {
        e.preventDefault();
        pick(shown[activeIndex]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        // Escape belongs to the list here, not to the editor (which would drop the selection).
        e.preventDefault();
        e.stopPropagation();
        close();
      }
    }
  };

  return (
    <span className="fc-combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={`${id}-hint`}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        inputMode="url"
        spellCheck={false}
        autoComplete="off"
        placeholder={placeholder || 'Pick a page, or type https://…, tel:…, mailto:…'}
        value={text}
        onChange={(e) => {
          onChange(e.target.value === '' ? undefined : e.target.value);
          setQuery(e.target.value);
          show(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          close();
          onBlur(id, e.target.value);
        }}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <button
        type="button"
        className="fc-combobox-toggle"
        tabIndex={-1}
        aria-label={`${label || 'Link'}: show the site's pages`}
        aria-expanded={expanded}
        aria-controls={listId}
        disabled={disabled || readonly}
        // Keeps focus in the input, where the keys work.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          if (open) close();
          else show(-1);
          document.getElementById(id)?.focus();
        }}
      >
        <span aria-hidden="true">▾</span>
      </button>
      <span id={`${id}-hint`} className="fc-visually-hidden">
        Arrow down lists the site&apos;s pages and sections; any other address can be typed.
      </span>
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label || 'Link'}: pages of this site`}
        className="fc-combobox-list"
        hidden={!expanded}
      >
        {shown.map((o, i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- keys stay on the combobox input (aria-activedescendant)
          <li
            key={o.value}
            id={optionId(i)}
            role="option"
            aria-selected={i === activeIndex}
            className={o.value === text ? 'fc-current' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => i !== activeIndex && setActive(i)}
            onClick={() => pick(o)}
          >
            <span className="fc-option-label">{o.label}</span>
            {o.detail !== o.label && <span className="fc-option-detail">{o.detail}</span>}
          </li>
        ))}
      </ul>
      {expanded && matching.length > shown.length && (
        <span className="fc-combobox-more" aria-live="polite">
          {matching.length - shown.length} more: type to narrow the list.
        </span>
      )}
    </span>
  );
}

const NO_PATHS: string[] = [];
