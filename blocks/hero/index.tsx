import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { HeroProps } from '../../schemas/resolved.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import './hero.css';

export default defineBlock<HeroProps>({
  // The hero's image is usually the page's largest paint: ask for it first (engine/render/head.ts).
  load: async ({ props }) => (props.image ? { head: { preloadImage: { href: props.image.src } } } : undefined),
  component: function Hero({ props, block }) {
    const { t } = useSite();
    const headingId = `${block.id}-heading`;
    return (
      <section className={`fc-hero fc-hero--${props.tone} fc-hero--${props.align}`} aria-labelledby={headingId}>
        <div className="fc-container fc-hero__inner">
          <div className="fc-hero__text">
            <h1 id={headingId}>{t(props.heading)}</h1>
            {props.text && <p>{t(props.text)}</p>}
            {props.actions.length > 0 && (
              <div className="fc-hero__actions">
                {props.actions.map((a, i) => (
                  <SiteLink key={i} href={a.href} className={`fc-button ${i > 0 ? 'fc-button--secondary' : props.tone === 'brand' ? 'fc-button--light' : ''}`}>
                    {t(a.label)}
                  </SiteLink>
                ))}
              </div>
            )}
          </div>
          {props.image && (
            <img
              className="fc-hero__image"
              src={props.image.src}
              alt={props.image.alt}
              width={props.image.width ?? 640}
              height={props.image.height ?? 360}
              fetchPriority="high"
            />
          )}
        </div>
      </section>
    );
  },
});
