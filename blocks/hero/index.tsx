import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { HeroProps } from '../../schemas/resolved.gen.ts';
import { photoAttributes, photoPreload, type PhotoLayout } from '../_shared/photo.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import './hero.css';

/** The picture's size when the document gives none: the hero reserves its place from these. */
const FALLBACK = {
  side: { width: 640, height: 360 },
  background: { width: 1600, height: 900 },
} as const;

/** Beside the words: half the page from 992 px; behind them: the whole width (blocks/_shared/photo.ts). */
const LAYOUT: Record<keyof typeof FALLBACK, PhotoLayout> = {
  side: { min: 320, max: 1280, sizes: '(min-width: 992px) 50vw, 100vw', fallback: 640 },
  background: { min: 480, max: 1600, sizes: '100vw', fallback: 1280 },
};
const layoutOf = (props: HeroProps) => (props.layout === 'background' ? 'background' : 'side');

export default defineBlock<HeroProps>({
  // The hero's image is usually the page's largest paint: ask for it first, at the size the <img> picks (engine/render/head.ts).
  load: async ({ props }) =>
    props.image
      ? { head: { preloadImage: photoPreload(props.image.src, LAYOUT[layoutOf(props)]) } }
      : undefined,
  component: function Hero({ props, block }) {
    const { t } = useSite();
    const headingId = `${block.id}-heading`;
    // A picture behind the words (docs/content-blocks.md, "Hero"): darkened by an overlay, white words, light buttons.
    const behind = props.layout === 'background' && Boolean(props.image);
    const tone = behind ? 'dark' : props.tone;
    const size = FALLBACK[behind ? 'background' : 'side'];
    const image = props.image && (
      <img
        className="fc-hero__image"
        {...photoAttributes(props.image.src, LAYOUT[behind ? 'background' : 'side'])}
        alt={props.image.alt}
        width={props.image.width ?? size.width}
        height={props.image.height ?? size.height}
        // The page's largest paint: fetched first, never lazily.
        fetchPriority="high"
      />
    );
    return (
      <section
        className={`fc-hero fc-hero--${tone} fc-hero--${props.align}${behind ? ' fc-hero--background' : ''}`}
        aria-labelledby={headingId}
      >
        {behind && <div className="fc-hero__backdrop">{image}</div>}
        <div className="fc-container fc-hero__inner">
          <div className="fc-hero__text">
            <h1 id={headingId}>{t(props.heading)}</h1>
            {props.text && <p>{t(props.text)}</p>}
            {props.actions.length > 0 && (
              <div className="fc-hero__actions">
                {props.actions.map((a, i) => (
                  <SiteLink
                    key={i}
                    href={a.href}
                    className={`fc-button ${i > 0 ? 'fc-button--secondary' : tone === 'brand' || behind ? 'fc-button--light' : ''}`}
                  >
                    {t(a.label)}
                  </SiteLink>
                ))}
              </div>
            )}
          </div>
          {!behind && image}
        </div>
      </section>
    );
  },
});
