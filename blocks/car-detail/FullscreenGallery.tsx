/**
 * The car's photos full screen: a modal dialog (blocks/_shared/Dialog.tsx: Escape and the
 * close button close it, focus returns to the opener) with the photo as wide as the screen.
 * Its srcset offers the ladder's widths up to the largest, and `sizes` says the whole
 * viewport, so the browser picks the width the screen needs (a 390 px phone at 3× takes
 * 1280 px; docs/cars.md, "Photos"). Swipes and the buttons move between photos; arrow
 * keys reach the gallery's own handler, as the dialog sits inside it. Its own chunk: loaded when a buyer first opens it.
 */
import { Dialog } from '../_shared/Dialog.tsx';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import { useSwipe } from './gestures.ts';
import './fullscreen.css';

/** Full screen: the whole viewport wide, up to the ladder's top width. */
export const FULLSCREEN_LAYOUT: PhotoLayout = {
  min: 480,
  max: 1600,
  sizes: '100vw',
  fallback: 1024,
};

export interface FullscreenGalleryProps {
  photos: string[];
  name: string;
  index: number;
  onIndex(i: number): void;
  open: boolean;
  onClose(): void;
}

export default function FullscreenGallery({
  photos,
  name,
  index,
  onIndex,
  open,
  onClose,
}: FullscreenGalleryProps) {
  const count = photos.length;
  const swipe = useSwipe((g) => {
    if (g !== 'tap' && count > 1) onIndex(index + (g === 'next' ? 1 : -1));
  });
  const current = photos[index];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`${name}: photo ${index + 1} of ${count}`}
      className="fc-fullscreen"
    >
      <div className="fc-fullscreen__stage" {...swipe}>
        {current && (
          // eslint-disable-next-line jsx-a11y/img-redundant-alt -- "photo 3 of 12" tells where the buyer is
          <img
            key={current}
            {...photoAttributes(current, FULLSCREEN_LAYOUT)}
            alt={`${name}, photo ${index + 1} of ${count}`}
            width={1600}
            height={1200}
            draggable={false}
          />
        )}
        {count > 1 && (
          <div className="fc-fullscreen__nav">
            <button type="button" aria-label="Previous photo" onClick={() => onIndex(index - 1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <span aria-live="polite">
              {index + 1} / {count}
            </span>
            <button type="button" aria-label="Next photo" onClick={() => onIndex(index + 1)}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
