/**
 * FAQ accordion (WAI-ARIA APG accordion): each question is a button in a heading with
 * aria-expanded / aria-controls, each answer a region labelled by its question. Up/Down,
 * Home/End move between questions. Answers open and close over 300 ms; with
 * prefers-reduced-motion they switch at once. Closed answers are hidden from assistive
 * technology and the tab order (visibility: hidden once the animation ends).
 * Defaults: five trade-in questions. Optional schema.org FAQPage structured data.
 * See docs/content-blocks.md, "FAQ accordion".
 */
import { useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { FaqAccordionProps, FaqItem } from '../../schemas/resolved.gen.ts';
import { jsonForScript } from '../_shared/locations.ts';
import { SiteHtml } from '../_shared/SiteHtml.tsx';
import { htmlToText } from '../_shared/text.ts';
import { useMediaQuery } from '../_shared/useCarousel.ts';
import './faq-accordion.css';

export const ANIMATION_MS = 300;
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function Chevron() {
  return (
    <svg
      className="fc-faq__chevron"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="20"
      height="20"
    >
      <path
        d="M6 9l6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function faqJsonLd(items: readonly FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: htmlToText(item.answer) },
    })),
  };
}

export default defineBlock<FaqAccordionProps>({
  component: function FaqAccordion({ props, block }) {
    const { t } = useSite();
    const base = useId();
    const items = props.items;
    const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
    const reduced = useMediaQuery(REDUCED_MOTION);
    if (!items.length) return null;
    const heading = props.heading;
    const headingId = `${block.id}-heading`;
    const Question = heading ? 'h3' : 'h2';
    const allowMultiple = props.allowMultiple;

    const toggle = (i: number) =>
      setOpen((current) => {
        const next = new Set(allowMultiple ? current : [...current].filter((j) => j === i));
        if (next.has(i)) next.delete(i);
        else next.add(i);
        return next;
      });

    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      const buttons = [
        ...event.currentTarget.querySelectorAll<HTMLButtonElement>('.fc-faq__button'),
      ];
      const index = buttons.indexOf(event.target as HTMLButtonElement);
      if (index < 0) return;
      let target: number | undefined;
      if (event.key === 'ArrowDown') target = (index + 1) % buttons.length;
      else if (event.key === 'ArrowUp') target = (index - 1 + buttons.length) % buttons.length;
      else if (event.key === 'Home') target = 0;
      else if (event.key === 'End') target = buttons.length - 1;
      if (target === undefined) return;
      event.preventDefault();
      buttons[target].focus();
    };

    const style = { '--fc-faq-duration': `${reduced ? 0 : ANIMATION_MS}ms` } as CSSProperties;

    return (
      <section
        className="fc-faq"
        aria-labelledby={heading ? headingId : undefined}
        data-block-id={block.id}
        style={style}
      >
        <div className="fc-container">
          {heading && (
            <h2 className="fc-faq__heading" id={headingId}>
              {t(heading)}
            </h2>
          )}
          <div className="fc-faq__list" onKeyDown={onKeyDown}>
            {items.map((item, i) => {
              const buttonId = `${base}-q${i}`;
              const panelId = `${base}-a${i}`;
              const isOpen = open.has(i);
              return (
                <div className="fc-faq__item" key={i} data-open={isOpen}>
                  <Question className="fc-faq__question">
                    <button
                      type="button"
                      className="fc-faq__button"
                      id={buttonId}
                      aria-expanded={isOpen}
                      aria-controls={panelId}
                      onClick={() => toggle(i)}
                    >
                      <span>{t(item.question)}</span>
                      <Chevron />
                    </button>
                  </Question>
                  <div
                    className="fc-faq__panel"
                    id={panelId}
                    role="region"
                    aria-labelledby={buttonId}
                    data-open={isOpen}
                  >
                    {/* Sanitised when the site document was prepared (defs html, x-sanitize). */}
                    <SiteHtml className="fc-faq__answer" html={item.answer} />
                  </div>
                </div>
              );
            })}
          </div>
        </div>
        {props.structuredData && (
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{ __html: jsonForScript(faqJsonLd(items)) }}
          />
        )}
      </section>
    );
  },
});
