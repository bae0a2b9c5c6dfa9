/**
 * The car's photos: one large photo with previous / next buttons and a row of thumbnail
 * buttons. Keyboard: Left / Right arrows (and Home / End) anywhere in the gallery move
 * between photos; every control is a button with a name. The first photo is in the HTML
 * with its srcset, so crawlers and visitors without JavaScript see it.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { galleryImage, thumbImage } from './images.ts';

export function Gallery({ photos, name }: { photos: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const id = useId();
  const count = photos.length;
  if (!count) {
    return (
      <div className="fc-gallery fc-gallery--empty">
        <p>Photos coming soon</p>
      </div>
    );
  }
  const go = (i: number) => setIndex(((i % count) + count) % count);
  const onKey = (e: KeyboardEvent) => {
    if (count < 2) return;
    const keys: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: count - 1,
    };
    if (!(e.key in keys)) return;
    e.preventDefault();
    go(keys[e.key]);
  };
  const current = photos[index];
  return (
    <div
      className="fc-gallery"
      role="region"
      aria-roledescription="gallery"
      aria-label={`Photos of the ${name}`}
      onKeyDown={onKey}
    >
      <figure className="fc-gallery__main">
        {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- "photo 3 of 12" tells where the buyer is in the gallery */}
        <img
          key={current}
          {...galleryImage(current)}
          alt={`${name}, photo ${index + 1} of ${count}`}
          width={800}
          height={600}
          fetchPriority={index === 0 ? 'high' : undefined}
        />
        <figcaption className="fc-gallery__count" aria-live="polite" id={`${id}-count`}>
          {index + 1} / {count}
        </figcaption>
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
    </div>
  );
}
