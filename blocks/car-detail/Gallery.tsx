/**
 * The car's photos: one large photo with previous / next buttons and a row of thumbnail
 * buttons. A swipe on the photo changes it (gestures.ts; vertical scrolling stays the
 * browser's), a tap or the Full screen button opens the photos full screen, in a dialog
 * loaded when first opened (FullscreenGallery.tsx). Keyboard: the gallery takes focus, and
 * Left / Right arrows (and Home / End) move between photos, full screen too (the dialog sits inside it); every control is a button with
 * a name. The first photo is in the HTML with its srcset, so crawlers and visitors without
 * JavaScript see it (docs/cars.md, "Car page on a phone").
 */
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { galleryImage, thumbImage } from '../_cars/images.ts';
import { keyTarget, useSwipe, wrapIndex } from './gestures.ts';

const FullscreenGallery = lazy(() => import('./FullscreenGallery.tsx'));

export function Gallery({ photos, name }: { photos: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  // null until first opened: the full-screen code loads then, and stays mounted so focus can return.
  const [full, setFull] = useState<boolean | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const id = useId();
  const count = photos.length;
  const go = (i: number) => setIndex(wrapIndex(i, count));
  const swipe = useSwipe((g) => {
    if (g === 'tap') {
      // Focus goes back to the Full screen button when the dialog closes, wherever the tap was.
      opener.current?.focus();
      setFull(true);
    } else if (count > 1) go(index + (g === 'next' ? 1 : -1));
  });
  if (!count) {
    return (
      <div className="fc-gallery fc-gallery--empty">
        <p>Photos coming soon</p>
      </div>
    );
  }
  const onKey = (e: KeyboardEvent) => {
    if (count < 2) return;
    const target = keyTarget(e.key, index, count);
    if (target === undefined) return;
    e.preventDefault();
    setIndex(target);
  };
  const current = photos[index];
  return (
    <div
      className="fc-gallery"
      role="region"
      aria-roledescription="gallery"
      aria-label={`Photos of the ${name}`}
      // Focusable so its arrow keys work without first reaching a button inside it.
      tabIndex={0}
      onKeyDown={onKey}
    >
      <figure className="fc-gallery__main" data-swipe="true" {...swipe}>
        {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- "photo 3 of 12" tells where the buyer is in the gallery */}
        <img
          key={current}
          {...galleryImage(current)}
          alt={`${name}, photo ${index + 1} of ${count}`}
          width={800}
          height={600}
          draggable={false}
          fetchPriority={index === 0 ? 'high' : undefined}
        />
        <figcaption className="fc-gallery__count" aria-live="polite" id={`${id}-count`}>
          {index + 1} / {count}
        </figcaption>
        <button
          ref={opener}
          type="button"
          className="fc-gallery__full"
          aria-haspopup="dialog"
          onClick={() => setFull(true)}
        >
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
            <path
              d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
          <span className="fc-visually-hidden">Full screen</span>
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              className="fc-gallery__nav fc-gallery__nav--prev"
              aria-label="Previous photo"
              onClick={() => go(index - 1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="fc-gallery__nav fc-gallery__nav--next"
              aria-label="Next photo"
              onClick={() => go(index + 1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </figure>
      {count > 1 && (
        <ul className="fc-gallery__thumbs" aria-label="All photos">
          {photos.map((p, i) => (
            <li key={p}>
              <button
                type="button"
                className="fc-gallery__thumb"
                aria-label={`Photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              >
                <img
                  {...thumbImage(p)}
                  alt=""
                  width={120}
                  height={90}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {full !== null && (
        <Suspense fallback={null}>
          <FullscreenGallery
            photos={photos}
            name={name}
            index={index}
            onIndex={go}
            open={full}
            onClose={() => setFull(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
