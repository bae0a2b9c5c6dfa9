/**
 * The previous arrow, dots (and optional "n / count" counter) and next arrow under a
 * carousel built on useCarousel. The carousel, feature-banner and reviews blocks each
 * used to write this markup themselves; only class prefix, wording and sizes differ.
 */
import type { Carousel } from './useCarousel.ts';
import { Chevron } from './Chevron.tsx';
import './round-arrow.css';

export interface CarouselControlLabels {
  previous: string;
  next: string;
  /** Label of the dot for slide `n` (counted from 1). */
  goTo(n: number): string;
}

export const SLIDE_LABELS: CarouselControlLabels = {
  previous: 'Previous slide',
  next: 'Next slide',
  goTo: (n) => `Go to slide ${n}`,
};

export interface CarouselControlsProps {
  carousel: Carousel;
  /** Block class prefix: `fc-carousel` gives fc-carousel__controls, __arrow, __dots, __dot (and __counter). */
  prefix: string;
  /** id of the slide track every button controls (aria-controls). */
  trackId: string;
  /** Button labels; slide wording when left out. */
  labels?: CarouselControlLabels;
  /** Shows "n / count" (hidden from assistive technology, the dots say it) between the previous arrow and the dots. */
  counter?: boolean;
  /** Arrow size in px (Chevron's default, 24, when left out). */
  arrowSize?: number;
}

/** Nothing with fewer than two slides. */
export function CarouselControls({
  carousel,
  prefix,
  trackId,
  labels = SLIDE_LABELS,
  counter = false,
  arrowSize,
}: CarouselControlsProps) {
  const { count, index } = carousel;
  if (count < 2) return null;
  return (
    <div className={`${prefix}__controls`}>
      <button
        type="button"
        className={`fc-round-arrow ${prefix}__arrow`}
        aria-label={labels.previous}
        aria-controls={trackId}
        aria-disabled={carousel.canPrev ? undefined : true}
        onClick={() => carousel.canPrev && carousel.prev()}
      >
        <Chevron direction="left" size={arrowSize} />
      </button>
      {counter && (
        <p className={`${prefix}__counter`} aria-hidden="true">
          {index + 1} / {count}
        </p>
      )}
      <div className={`${prefix}__dots`}>
        {Array.from({ length: count }, (_, i) => (
          <button
            key={i}
            type="button"
            className={`${prefix}__dot`}
            aria-label={labels.goTo(i + 1)}
            aria-controls={trackId}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => carousel.goTo(i)}
          />
        ))}
      </div>
      <button
        type="button"
        className={`fc-round-arrow ${prefix}__arrow`}
        aria-label={labels.next}
        aria-controls={trackId}
        aria-disabled={carousel.canNext ? undefined : true}
        onClick={() => carousel.canNext && carousel.next()}
      >
        <Chevron direction="right" size={arrowSize} />
      </button>
    </div>
  );
}
