/**
 * Generic carousel: slides with previous/next arrows, dots and left/right keys on the
 * focused carousel (WAI-ARIA APG carousel pattern). No auto-rotation, so the slide area
 * is a polite live region. Behaviour lives in blocks/_shared/useCarousel.ts.
 */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { CarouselProps } from '../../schemas/resolved.gen.ts';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { useCarousel } from '../_shared/useCarousel.ts';
import { CarouselControls } from '../_shared/CarouselControls.tsx';
import './carousel.css';

const FALLBACK_WIDTH = 480;
const FALLBACK_HEIGHT = 270;
/** A slide's picture: the whole width on phones, its 11 of 20 columns from 768 px (carousel.css). */
export const SLIDE_PHOTO: PhotoLayout = {
  min: 320,
  max: 1600,
  sizes: '(min-width: 1320px) 726px, (min-width: 768px) 55vw, 100vw',
  fallback: 640,
};

export default defineBlock<CarouselProps>({
  component: function CarouselBlock({ props, block }) {
    const { t } = useSite();
    const slides = props.slides;
    const count = slides.length;
    const carousel = useCarousel({ count, loop: props.loop });
    const trackId = `${block.id}-slides`;
    const label = t(props.label);

    return (
      <section
        ref={carousel.rootRef}
        className={`fc-carousel${carousel.active ? ' fc-carousel--active' : ''}${carousel.moved ? ' fc-carousel--moved' : ''}`}
        aria-roledescription="carousel"
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the carousel takes focus so its arrow keys work (WAI-ARIA carousel)
        tabIndex={0}
        onKeyDown={carousel.onKeyDown}
        data-block-id={block.id}
      >
        <div className="fc-container">
          <div
            className="fc-carousel__viewport"
            onTouchStart={carousel.onTouchStart}
            onTouchEnd={carousel.onTouchEnd}
          >
            <div
              className="fc-carousel__track"
              id={trackId}
              aria-live={carousel.active ? 'polite' : undefined}
            >
              {slides.map((slide, i) => (
                <div
                  key={i}
                  className="fc-carousel__slide"
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${count}`}
                  {...carousel.slideProps(i)}
                >
                  {slide.image && (
                    <img
                      className="fc-carousel__image"
                      {...photoAttributes(slide.image.src, SLIDE_PHOTO)}
                      alt={slide.image.alt}
                      width={slide.image.width ?? FALLBACK_WIDTH}
                      height={slide.image.height ?? FALLBACK_HEIGHT}
                      loading={i === 0 ? undefined : 'lazy'}
                      decoding="async"
                    />
                  )}
                  <div className="fc-carousel__body">
                    <h2 className="fc-carousel__title">{t(slide.title)}</h2>
                    {slide.text && <p className="fc-carousel__text">{t(slide.text)}</p>}
                    {slide.link && (
                      <SiteLink href={slide.link.href} className="fc-button fc-carousel__link">
                        {t(slide.link.label)}
                      </SiteLink>
                    )}
                  </div>
                </div>
              ))}
            </div>
          </div>
          <CarouselControls carousel={carousel} prefix="fc-carousel" trackId={trackId} />
        </div>
      </section>
    );
  },
});
