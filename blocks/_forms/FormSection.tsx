/**
 * The page section around a lead form: heading, optional intro, then the form. Its root
 * carries id={block.id}, so links jump to the form (blocks using it set `ownAnchor`).
 */
import type { ReactNode } from 'react';
import type { Block } from '../../engine/site/types.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import './forms.css';

interface Props {
  block: Block;
  /** Modifier class, e.g. fc-parts-request. */
  className: string;
  heading: string;
  intro?: string;
  /** The section's content, given the heading's id (forms are labelled by it). */
  children: (headingId: string) => ReactNode;
}

export function FormSection({ block, className, heading, intro, children }: Props) {
  const { t } = useSite();
  const headingId = `${block.id}-heading`;
  return (
    <section className={`fc-form-block ${className}`} aria-labelledby={headingId} id={block.id} data-block-id={block.id}>
      <div className="fc-container fc-form-block__inner">
        <h2 id={headingId} className="fc-form-block__heading">
          {t(heading)}
        </h2>
        {intro && <p className="fc-form-block__intro">{t(intro)}</p>}
        {children(headingId)}
      </div>
    </section>
  );
}
