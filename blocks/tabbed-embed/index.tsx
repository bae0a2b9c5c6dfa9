/**
 * Tabbed embedded forms: one sandboxed frame per location (e.g. each service centre's
 * booking), chosen with tabs (WAI-ARIA APG tabs, manual activation: arrows, Home and End
 * move between tabs, Enter or Space or a click opens one — frames load only when their
 * tab is first opened). Tabs whose address is not an approved https service are left
 * out for visitors (shown with a notice in development).
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { TabbedEmbedProps } from '../../schemas/resolved.gen.ts';
import { SafeFrame } from '../_shared/SafeFrame.tsx';
import { allowedEmbedOrigins, checkEmbedSrc } from '../_shared/embed.ts';
import './tabbed-embed.css';

export default defineBlock<TabbedEmbedProps>({
  component: function TabbedEmbed({ props, block }) {
    const { site, mode, t } = useSite();
    const base = useId();
    const allowed = allowedEmbedOrigins(site);
    const tabs = props.tabs.filter(
      (tab) => mode === 'development' || checkEmbedSrc(tab.src, allowed).ok,
    );
    const [selected, setSelected] = useState(0);
    const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set([0]));
    if (!tabs.length) return null;
    const current = Math.min(selected, tabs.length - 1);
    const headingId = `${block.id}-heading`;

    const open = (i: number) => {
      setSelected(i);
      setOpened((s) => (s.has(i) ? s : new Set([...s, i])));
    };

    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
      const index = buttons.indexOf(event.target as HTMLButtonElement);
      if (index < 0) return;
      let target: number | undefined;
      if (event.key === 'ArrowRight') target = (index + 1) % buttons.length;
      else if (event.key === 'ArrowLeft') target = (index - 1 + buttons.length) % buttons.length;
      else if (event.key === 'Home') target = 0;
      else if (event.key === 'End') target = buttons.length - 1;
      if (target === undefined) return;
      event.preventDefault();
      buttons[target].focus();
    };

    return (
      <section
        className="fc-tabbed-embed"
        aria-labelledby={props.heading ? headingId : undefined}
        aria-label={props.heading ? undefined : 'Forms'}
        data-block-id={block.id}
      >
        <div className="fc-container">
          {props.heading && (
            <h2 className="fc-tabbed-embed__heading" id={headingId}>
              {t(props.heading)}
            </h2>
          )}
          {tabs.length > 1 && (
            // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus goes to the selected tab inside (roving tabindex), not to the list
            <div
              className="fc-tabbed-embed__tabs"
              role="tablist"
              aria-label={props.heading ? t(props.heading) : 'Locations'}
              onKeyDown={onKeyDown}
            >
              {tabs.map((tab, i) => (
                <button
                  key={i}
                  type="button"
                  role="tab"
                  id={`${base}-tab-${i}`}
                  className="fc-tabbed-embed__tab"
                  aria-selected={i === current}
                  aria-controls={`${base}-panel-${i}`}
                  tabIndex={i === current ? 0 : -1}
                  onClick={() => open(i)}
                >
                  {t(tab.label)}
                </button>
              ))}
            </div>
          )}
          {tabs.map((tab, i) => (
            <div
              key={i}
              role={tabs.length > 1 ? 'tabpanel' : undefined}
              id={`${base}-panel-${i}`}
              aria-labelledby={tabs.length > 1 ? `${base}-tab-${i}` : undefined}
              hidden={i !== current}
              className="fc-tabbed-embed__panel"
              data-location-id={tab.locationId}
            >
              {opened.has(i) && (
                <SafeFrame
                  src={tab.src}
                  title={t(tab.title)}
                  height={props.height}
                  allowPopups={props.allowPopups}
                  lazy={i === 0}
                />
              )}
            </div>
          ))}
        </div>
      </section>
    );
  },
});
