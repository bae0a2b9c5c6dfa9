/**
 * Long descriptions and disclaimers (docs/content-blocks.md, "Offers"): text over 200 characters shows
 * collapsed to about 160 characters with a View more button, and View less when open.
 * Shorter text shows whole. The button is a disclosure (aria-expanded, aria-controls).
 */
import { useId, useState } from 'react';
import { COLLAPSED_LENGTH, COLLAPSE_OVER, isCollapsible, truncate } from './text.ts';
import './expandable.css';

export interface ExpandableTextProps {
  text: string;
  className?: string;
  /** Collapses when longer than this (default 200). */
  over?: number;
  /** About this much shows collapsed (default 160). */
  collapsedLength?: number;
  /** What the text is, for the button's accessible name ("View more of the disclaimer"). */
  what?: string;
}

export function ExpandableText({
  text,
  className,
  over = COLLAPSE_OVER,
  collapsedLength = COLLAPSED_LENGTH,
  what,
}: ExpandableTextProps) {
  const [open, setOpen] = useState(false);
  const id = `${useId()}-text`;
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!isCollapsible(clean, over)) return <p className={className}>{clean}</p>;
  return (
    <div className={`fc-expandable${className ? ` ${className}` : ''}`}>
      <p id={id} className="fc-expandable__text" data-expanded={open}>
        {open ? clean : truncate(clean, collapsedLength)}
      </p>
      <button
        type="button"
        className="fc-expandable__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'View less' : 'View more'}
        {what && (
          <>
            {' '}
            <span className="fc-visually-hidden">of the {what}</span>
          </>
        )}
      </button>
    </div>
  );
}
