/** Call to action: a heading, a sentence and one or two buttons on a coloured strip. */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { CallToActionProps } from '../../schemas/resolved.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import './call-to-action.css';

export default defineBlock<CallToActionProps>({
  component: function CallToAction({ props, block }) {
    const { t } = useSite();
    const headingId = `${block.id}-heading`;
    const tone = props.tone;
    return (
      <section
        className={`fc-cta fc-cta--${tone} fc-cta--${props.align}`}
        aria-labelledby={headingId}
        data-block-id={block.id}
      >
        <div className="fc-container fc-cta__inner">
          <div>
            <h2 className="fc-cta__heading" id={headingId}>
              {t(props.heading)}
            </h2>
            {props.text && <p className="fc-cta__text">{t(props.text)}</p>}
          </div>
          <div className="fc-cta__actions">
            {props.actions.map((a, i) => (
              <SiteLink
                key={i}
                href={a.href}
                className={`fc-button ${i === 0 ? (tone === 'light' ? '' : 'fc-button--light') : 'fc-button--secondary'}`}
              >
                {t(a.label)}
              </SiteLink>
            ))}
          </div>
        </div>
      </section>
    );
  },
});
