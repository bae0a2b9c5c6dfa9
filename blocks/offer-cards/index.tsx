/**
 * Offer cards: the site's current offers (site.offers) as cards linking to their offer
 * pages (/offers/{manufacturer}/{offerId} or /offers/{offerId}). Offers that list this
 * website in excluded_website_ids, that have expired or not yet started are left out.
 * "Today" is the dealer's date, worked out in `load` on the server so the browser
 * hydrates the same list. On an offer page (route parameter offerId) the offer shown
 * there is left out ("More offers").
 */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Offer } from '../../schemas/types.gen.ts';
import type { OfferCardsProps } from '../../schemas/resolved.gen.ts';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { formatDate } from '../_shared/opening-hours.ts';
import { currentOffers, dealerToday, offerHref, offerImage } from '../_shared/offers.ts';
import { DISCLAIMER_LIMIT, htmlToText, truncate } from '../_shared/text.ts';
import './offer-cards.css';

export interface OfferCardsData {
  today: string;
  /** On an offer page: the offer shown there, left out of the cards. */
  exclude?: number;
}

/** A card's picture: cards at least 300 px wide fill the row (offer-cards.css), one on phones. */
export const OFFER_CARD_PHOTO: PhotoLayout = {
  min: 320,
  max: 800,
  sizes: '(min-width: 1320px) 420px, (min-width: 992px) 33vw, (min-width: 640px) 50vw, 100vw',
  fallback: 480,
};

/** Text of an offer card: the description's opening, cut to about 160 characters. */
const EXCERPT_LENGTH = 160;

function OfferCard({
  offer,
  buttonLabel,
  headingLevel,
}: {
  offer: Offer;
  buttonLabel: string;
  headingLevel: 2 | 3;
}) {
  const { data, t, region } = useSite();
  const href = offerHref(offer);
  const image = offerImage(offer, data.models);
  const excerpt = truncate(htmlToText(offer.description), EXCERPT_LENGTH);
  const Heading = `h${headingLevel}` as const;
  const titleId = `offer-${offer.id}-title`;
  return (
    <article className="fc-offer-card" aria-labelledby={titleId}>
      {image ? (
        <img
          className="fc-offer-card__image"
          {...photoAttributes(image.src, OFFER_CARD_PHOTO)}
          alt={image.alt}
          width={image.width ?? 480}
          height={image.height ?? 270}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className="fc-offer-card__image fc-offer-card__image--none" aria-hidden="true" />
      )}
      <div className="fc-offer-card__body">
        {offer.manufacturer?.name && (
          <p className="fc-offer-card__make">{offer.manufacturer.name}</p>
        )}
        <Heading className="fc-offer-card__title" id={titleId}>
          {t(offer.name)}
        </Heading>
        {excerpt && <p className="fc-offer-card__text">{excerpt}</p>}
        {offer.expires && (
          <p className="fc-offer-card__expiry">
            Ends{' '}
            <time dateTime={offer.expires}>
              {formatDate(offer.expires, region.locale).replace(/^\w+,? /, '')}
            </time>
          </p>
        )}
        {offer.disclaimer && (
          <p className="fc-offer-card__disclaimer">
            {truncate(offer.disclaimer, DISCLAIMER_LIMIT)}
          </p>
        )}
        <SiteLink href={href} className="fc-button fc-offer-card__button">
          {t(buttonLabel)}
          <span className="fc-visually-hidden">: {t(offer.name)}</span>
        </SiteLink>
      </div>
    </article>
  );
}

export default defineBlock<OfferCardsProps>({
  async load({ site, params }): Promise<OfferCardsData> {
    const exclude =
      params.offerId && /^\d+$/.test(params.offerId) ? Number(params.offerId) : undefined;
    return { today: dealerToday(site), ...(exclude ? { exclude } : {}) };
  },
  component: function OfferCards({ props, block, data }) {
    const { site, t } = useSite();
    const loaded = data as OfferCardsData | undefined;
    const today = loaded?.today ?? dealerToday(site);
    const offers = currentOffers(site, today, { manufacturer: props.manufacturer })
      .filter((offer) => offer.id !== loaded?.exclude)
      .slice(0, props.limit);
    const heading = props.heading;
    const headingId = `${block.id}-heading`;
    return (
      <section
        className="fc-offer-cards"
        aria-labelledby={heading ? headingId : undefined}
        data-block-id={block.id}
      >
        <div className="fc-container">
          {heading && (
            <h2 className="fc-offer-cards__heading" id={headingId}>
              {t(heading)}
            </h2>
          )}
          {props.intro && <p className="fc-offer-cards__intro">{t(props.intro)}</p>}
          {offers.length ? (
            <ul className="fc-offer-cards__grid" role="list">
              {offers.map((offer) => (
                <li key={offer.id}>
                  <OfferCard
                    offer={offer}
                    buttonLabel={props.buttonLabel}
                    headingLevel={heading ? 3 : 2}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="fc-offer-cards__empty">{t(props.emptyText)}</p>
          )}
        </div>
      </section>
    );
  },
});
