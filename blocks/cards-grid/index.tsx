/** Cards grid: cards with an optional picture (or icon), a title, text and a link. */
import type { CSSProperties } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { CardsGridProps } from '../../schemas/resolved.gen.ts';
import { Icon } from '../_shared/icons.tsx';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import './cards-grid.css';

/** A card's picture: one column on phones, two from 576 px, the block's columns from 992 px (cards-grid.css). */
export const CARDS_GRID_PHOTO: PhotoLayout = {
  min: 320,
  max: 800,
  sizes: '(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw',
  fallback: 480,
};

export default defineBlock<CardsGridProps>({
  component: function CardsGrid({ props, block }) {
    const { t } = useSite();
    const cards = props.cards;
    if (!cards.length) return null;
    const headingId = `${block.id}-heading`;
    const Title = props.heading ? 'h3' : 'h2';
    return (
      <section
        className="fc-cards-grid"
        aria-labelledby={props.heading ? headingId : undefined}
        data-block-id={block.id}
        style={{ '--fc-cards-columns': props.columns } as CSSProperties}
      >
        <div className="fc-container">
          {props.heading && (
            <h2 className="fc-cards-grid__heading" id={headingId}>
              {t(props.heading)}
            </h2>
          )}
          {props.intro && <p className="fc-cards-grid__intro">{t(props.intro)}</p>}
          <ul className="fc-cards-grid__list" role="list">
            {cards.map((card, i) => (
              <li key={i}>
                <article className="fc-cards-grid__card">
                  {card.image ? (
                    <img
                      className="fc-cards-grid__image"
                      {...photoAttributes(card.image.src, CARDS_GRID_PHOTO)}
                      alt={card.image.alt}
                      width={card.image.width ?? 480}
                      height={card.image.height ?? 270}
                      loading="lazy"
                      decoding="async"
                    />
                  ) : card.icon ? (
                    <span className="fc-cards-grid__icon">
                      <Icon name={card.icon} />
                    </span>
                  ) : null}
                  <div className="fc-cards-grid__body">
                    <Title className="fc-cards-grid__title">{t(card.title)}</Title>
                    {card.text && <p className="fc-cards-grid__text">{t(card.text)}</p>}
                    {card.link && (
                      <SiteLink className="fc-cards-grid__link" href={card.link.href}>
                        {t(card.link.label)}
                      </SiteLink>
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
    );
  },
});
