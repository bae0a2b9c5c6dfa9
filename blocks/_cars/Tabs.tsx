/**
 * Tabs (WAI-ARIA APG tabs with automatic activation): a tablist of buttons, arrow keys
 * move between tabs (wrapping), Home and End jump to the first and last, only the
 * selected tab is in the Tab order, and each panel is labelled by its tab. Every panel
 * is in the HTML (hidden ones with `hidden`), so their text is readable without script.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export function Tabs({
  tabs,
  label,
  className = '',
}: {
  tabs: TabItem[];
  label: string;
  className?: string;
}) {
  const [selected, setSelected] = useState(0);
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (i: number) => {
    const n = (i + tabs.length) % tabs.length;
    setSelected(n);
    refs.current[n]?.focus();
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    const moves: Record<string, number> = {
      ArrowRight: i + 1,
      ArrowLeft: i - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    select(moves[e.key]);
  };
  return (
    <div className={`fc-tabs ${className}`}>
      <div className="fc-tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-controls={`${base}-panel-${tab.id}`}
            aria-selected={i === selected}
            tabIndex={i === selected ? 0 : -1}
            className="fc-tabs__tab"
            data-tab={tab.id}
            onClick={() => setSelected(i)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          tabIndex={0}
          hidden={i !== selected}
          className="fc-tabs__panel"
          data-panel={tab.id}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
