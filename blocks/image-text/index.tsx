/** Image and text: a picture beside a heading, rich text (sanitised) and up to two buttons. */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { ImageTextProps } from '../../schemas/resolved.gen.ts';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import { SiteHtml } from '../_shared/SiteHtml.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import './image-text.css';

/** The picture: the whole width on phones, half the container from 768 px (image-text.css). */
export const IMAGE_TEXT_PHOTO: PhotoLayout = {
  min: 320,
  max: 1280,
  sizes: '(min-width: 1320px) 636px, (min-width: 768px) 50vw, 100vw',
  fallback: 640,
};

export default defineBlock<ImageTextProps>({
  component: function ImageText({ props, block }) {
    const { t } = useSite();
    const headingId = `${block.id}-heading`;
    const actions = props.actions;
    return (
      <section
        className={`fc-image-text fc-image-text--${props.tone} fc-image-text--image-${props.imagePosition}`}
        aria-labelledby={headingId}
        data-block-id={block.id}
      >
        <div className="fc-container fc-image-text__inner">
          <img
            className="fc-image-text__image"
            {...photoAttributes(props.image.src, IMAGE_TEXT_PHOTO)}
            alt={props.image.alt}
            width={props.image.width ?? 640}
            height={props.image.height ?? 427}
            loading="lazy"
            decoding="async"
          />
          <div className="fc-image-text__text">
            <h2 className="fc-image-text__heading" id={headingId}>
              {t(props.heading)}
            </h2>
            {/* Sanitised when the site document was prepared (defs html, x-sanitize). */}
            {props.text && <SiteHtml className="fc-image-text__body" html={props.text} />}
            {actions.length > 0 && (
              <div className="fc-image-text__actions">
                {actions.map((a, i) => (
                  <SiteLink
                    key={i}
                    href={a.href}
                    className={`fc-button${i > 0 ? ' fc-button--secondary' : ''}`}
                  >
                    {t(a.label)}
                  </SiteLink>
                ))}
              </div>
            )}
          </div>
        </div>
      </section>
    );
  },
});
