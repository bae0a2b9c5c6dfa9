/**
 * Offer page (/offers/:manufacturer/:offerId and /offers/:offerId): the offer named by
 * the route's `offerId` (or the block's `offerId` prop) with its picture, sanitised
 * description, the disclaimer (over 200 characters it collapses to about 160 with View
 * more / View less) and an enquiry button. An unknown offer, one excluded for this
 * website, or one that has ended shows a message and a link to the current offers.
 */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { OfferDetailProps } from '../../schemas/resolved.gen.ts';
import { ExpandableText } from '../_shared/ExpandableText.tsx';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import { SiteHtml } from '../_shared/SiteHtml.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { formatDate } from '../_shared/opening-hours.ts';
import { dealerToday, findOffer, offerImage, offerModelHref } from '../_shared/offers.ts';
import './offer-detail.css';

export interface OfferDetailData {
  offerId?: string;
  manufacturer?: string;
  today: string;
}

/** The offer's picture: the whole width on phones, half the container from 992 px (offer-detail.css). */
export const OFFER_PHOTO: PhotoLayout = {
  min: 320,
  max: 1280,
  sizes: '(min-width: 1320px) 636px, (min-width: 992px) 50vw, 100vw',
  fallback: 640,
};

export default defineBlock<OfferDetailProps>({
  async load({ props, params, site }): Promise<OfferDetailData & { head?: { status: number } }> {
    const offerId = props.offerId !== undefined ? String(props.offerId) : params.offerId;
    const today = dealerToday(site);
    // An unknown offer (or one this site may not show) answers 404; an ended one keeps 200
    // with its "has ended" page.
    const { status } = findOffer(site, offerId, today);
    const missing = status === 'missing' || status === 'excluded';
    return {
      offerId,
      manufacturer: params.manufacturer,
      today,
      ...(missing ? { head: { status: 404 } } : {}),
    };
  },
  component: function OfferDetail({ props, block, data }) {
    const { site, data: siteData, t, region } = useSite();
    const loaded = data as OfferDetailData | undefined;
    const today = loaded?.today ?? dealerToday(site);
    const offerId = props.offerId ?? loaded?.offerId;
    const found = findOffer(site, offerId, today);

    if (found.status !== 'ok') {
      return (
        <section
          className="fc-offer-detail fc-offer-detail--missing"
          data-block-id={block.id}
          data-status={found.status}
        >
          <div className="fc-container">
            <h1>
              {found.status === 'ended' && found.offer
                ? `${t(found.offer.name)} has ended`
                : 'Offer not available'}
            </h1>
            <p>{t(props.notFoundText)}</p>
            <p>
              <SiteLink className="fc-button" href="/special-offers">
                See current offers
              </SiteLink>
            </p>
          </div>
        </section>
      );
    }

    const { offer } = found;
    const image = offerImage(offer, siteData.models);
    const modelHref = offerModelHref(offer);
    const headingId = `${block.id}-heading`;

    return (
      <article
        className="fc-offer-detail"
        aria-labelledby={headingId}
        data-block-id={block.id}
        data-offer-id={offer.id}
      >
        <div className="fc-container fc-offer-detail__inner">
          <div className="fc-offer-detail__text">
            {offer.manufacturer?.name && (
              <p className="fc-offer-detail__make">{offer.manufacturer.name}</p>
            )}
            <h1 className="fc-offer-detail__title" id={headingId}>
              {t(offer.name)}
            </h1>
            {offer.expires && (
              <p className="fc-offer-detail__expiry">
                Offer ends{' '}
                <time dateTime={offer.expires}>{formatDate(offer.expires, region.locale)}</time>
              </p>
            )}
            {offer.description && (
              // Sanitised when the site document was prepared (defs html, x-sanitize).
              <SiteHtml className="fc-offer-detail__description" html={offer.description} />
            )}
            <div className="fc-offer-detail__actions">
              <SiteLink className="fc-button" href={props.enquireHref}>
                {t(props.enquireLabel)}
              </SiteLink>
              {modelHref && offer.model?.name && (
                <SiteLink className="fc-button fc-button--secondary" href={modelHref}>
                  View the {offer.model.name}
                </SiteLink>
              )}
            </div>
            {offer.disclaimer && (
              <section className="fc-offer-detail__disclaimer" aria-label="Disclaimer">
                <ExpandableText text={offer.disclaimer} what="disclaimer" />
              </section>
            )}
          </div>
          {image && (
            <img
              className="fc-offer-detail__image"
              {...photoAttributes(image.src, OFFER_PHOTO)}
              alt={image.alt}
              width={image.width ?? 720}
              height={image.height ?? 405}
              fetchPriority="high"
            />
          )}
        </div>
      </article>
    );
  },
});
