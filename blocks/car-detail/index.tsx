/**
 * The vehicle page (/cars/:slug; docs/cars.md, "Car page"): the car is looked up on the server through the
 * site's search index (slug filter), so the HTML has its name, price and photos, and the
 * block's `head` gives the page its title, description, Open Graph tags and schema.org
 * Car + Offer data (engine/render/head.ts). A missing car answers 404 with "Like this and
 * want something similar?".
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Car } from '../../schemas/types.gen.ts';
import type { CarDetailProps } from '../../schemas/resolved.gen.ts';
import { formatDate } from '../_shared/opening-hours.ts';
import { ExpandableText } from '../_shared/ExpandableText.tsx';
import { SiteHtml } from '../_shared/SiteHtml.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import {
  CompareToggle,
  FavouriteButton,
  PhoneReveal,
  WatchlistButton,
  WeeklyFinance,
} from '../_cars/actions.tsx';
import { PriceView, TagBanner, useEnquiryModal } from '../_cars/parts.tsx';
import { Gallery } from './Gallery.tsx';
import { ActionBar } from './ActionBar.tsx';
import { SimilarCars } from './SimilarCars.tsx';
import { loadCarDetail, type CarDetailData } from './load.ts';
import { carPhotos } from '../_cars/images.ts';
import { CutParagraphs, FeatureList, SpecList } from '../_cars/lists.tsx';
import { downloadCarPdf } from '../_cars/pdf.ts';
import {
  carTag,
  reservedBadge,
  commentSections,
  EMPTY_COMMENTS_TEXT,
  financeDisclaimers,
  financeInfo,
  isBelowMarket,
  isCertifiedBadge,
  isEnquirable,
  isSellable,
  priceDisplay,
  regoExpiryFuture,
  showFavourite,
  sidebarButtons,
  SIMILAR_HEADING,
  similarHref,
  type SidebarKind,
} from '../_cars/rules.ts';
import { allSpecifications, carSummary, featureList, keyInformation } from '../_cars/specs.ts';
import { Tabs, type TabItem } from '../_cars/Tabs.tsx';
import '../_cars/styles/card.css';
import '../_cars/styles/visitor-actions.css';
import '../_cars/styles/promo-and-lists.css';
import '../_cars/car-detail.css';
import './phone.css';

export { loadCarDetail, type CarDetailData } from './load.ts';

export default defineBlock<CarDetailProps>({
  load: (ctx) => loadCarDetail(ctx),
  component: function CarDetailBlock({ props, block, data }) {
    const d = (data ?? {}) as Partial<CarDetailData> & { error?: string };
    if (d.car)
      return (
        <CarDetail
          car={d.car}
          props={props}
          blockId={block.id}
          now={d.now ?? Date.now()}
          similar={d.similar ?? []}
        />
      );
    return <MissingCar blockId={block.id} error={d.error} />;
  },
});

function MissingCar({ blockId, error }: { blockId: string; error?: string }) {
  const { t } = useSite();
  return (
    <section
      className="fc-car-detail fc-car-detail--missing"
      data-block-id={blockId}
      data-car-missing="true"
    >
      <div className="fc-container">
        <h1>{error ? t("We couldn't load this car") : t('This car is no longer available')}</h1>
        <p>
          {error
            ? t('Please try again in a moment.')
            : t('It may have been sold or taken off our website.')}
        </p>
        <SimilarPanel />
      </div>
    </section>
  );
}

function SimilarPanel({ car }: { car?: Car }) {
  const { site, t } = useSite();
  return (
    <div className="fc-car-similar">
      <h2>{t(SIMILAR_HEADING)}</h2>
      <SiteLink className="fc-button" href={similarHref(car)} data-button="findSimilar">
        {site.features.findSimilarLabel}
      </SiteLink>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const { t } = useSite();
  return (
    <section className="fc-car-section" aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      {children}
    </section>
  );
}

function CarDetail({
  car,
  props,
  blockId,
  now,
  similar,
}: {
  car: Car;
  props: CarDetailProps;
  blockId: string;
  now: number;
  similar: Car[];
}) {
  const { site, money, number, t, m, region } = useSite();
  const features = site.features;
  const sold = !isSellable(car);
  const tag = carTag(car, features, now);
  const finance = financeInfo(car, site, now);
  const price = priceDisplay(car, features);
  const format = { number, preOwned: features.preOwnedLabel, region: region.region };
  const keyInfo = keyInformation(car, format);
  const summary = carSummary(car, format);
  const specs = allSpecifications(car, format);
  const equipment = featureList(car);
  const comments = commentSections(car.dealercomments);
  const buttons = sidebarButtons(car, features, props.sidebarButtons as SidebarKind[], { money });
  const { open, modal } = useEnquiryModal(car);
  const [downloading, setDownloading] = useState(false);
  const disclaimers = financeDisclaimers(car, finance);
  const titleId = `${blockId}-title`;
  const deposit = money(features.reserveDeposit || 200);

  const html = (value: string | undefined) =>
    value ? <SiteHtml className="fc-car-html" html={value} /> : null;
  const tabs: TabItem[] = [
    {
      id: 'comments',
      label: t('Dealer Comments'),
      content: (
        <Section id={`${blockId}-comments`} title="Our Comments">
          {comments.length ? (
            <CutParagraphs paragraphs={comments} />
          ) : (
            <p>{t(EMPTY_COMMENTS_TEXT)}</p>
          )}
        </Section>
      ),
    },
    { id: 'included', label: t("What's Included"), content: html(props.whatsIncluded) },
    { id: 'why', label: t('Why Buy From Us?'), content: html(props.whyBuyFromUs) },
    {
      id: 'reserve',
      label: t('Reserve Online'),
      content: (
        <>
          {html(props.reserveOnline)}
          <p>
            {t(
              `Reserve it with a ${deposit} deposit, 100% refundable. We hold the car for you for 48 hours.`,
            )}
          </p>
        </>
      ),
    },
    { id: 'protect', label: t('Protect Your Car'), content: html(props.protectYourCar) },
  ];
  if (equipment.length)
    tabs.push({
      id: 'features',
      label: t('Features'),
      content: <FeatureList items={equipment} what="features" />,
    });

  const regoFuture = regoExpiryFuture(car.rego_expiry, now);
  const reserved = reservedBadge(car, tag, features);
  const showGuarantee = props.moneyBackGuarantee && car.car_type === 'used' && !sold;

  return (
    <article
      className={`fc-car-detail ${sold ? 'fc-car-detail--sold' : ''}`}
      data-block-id={blockId}
      data-car-id={car.id}
      aria-labelledby={titleId}
    >
      <div className="fc-container">
        <nav className="fc-car-detail__back" aria-label="Breadcrumb">
          <SiteLink href="/search/new-used-and-demo-cars">{t('All stock')}</SiteLink>{' '}
          <span aria-hidden="true">/</span> <span>{car.make}</span>
        </nav>
        <header className="fc-car-detail__header">
          {tag && <TagBanner tag={tag} />}
          <h1 id={titleId} className="fc-car-detail__title">
            {car.name}
          </h1>
          {car.carsales_title && car.carsales_title !== car.name && (
            <p className="fc-car-detail__subtitle">{car.carsales_title}</p>
          )}
          {sold && (
            <p className="fc-car-detail__sold" role="status">
              <strong>SOLD</strong> {t('This car has been sold.')}
            </p>
          )}
        </header>
        <div className="fc-car-detail__layout">
          <div className="fc-car-detail__gallery">
            <Gallery photos={carPhotos(car)} name={car.name} />
          </div>
          <aside className="fc-car-detail__sidebar" aria-label={t('Price and actions')}>
            <div className="fc-car-detail__price">
              <PriceView display={price} priceType={car.price_type} />
              {finance && <WeeklyFinance info={finance} />}
              {(isBelowMarket(car) || isCertifiedBadge(car, features) || reserved) && (
                <ul className="fc-car-badges" aria-label="Badges">
                  {reserved && <li className="fc-car-badge fc-car-badge--reserved">{reserved}</li>}
                  {isBelowMarket(car) && (
                    <li className="fc-car-badge fc-car-badge--below-market">Below Market Price</li>
                  )}
                  {isCertifiedBadge(car, features) && (
                    <li className="fc-car-badge fc-car-badge--certified">Certified Pre-Owned</li>
                  )}
                </ul>
              )}
              {showGuarantee && (
                <p className="fc-car-detail__guarantee">
                  {t('48 hour money-back guarantee on this used car.')}
                </p>
              )}
            </div>
            {buttons.length > 0 && (
              <div className="fc-car-detail__buttons">
                {buttons.map((b) =>
                  b.kind === 'enquire' || b.kind === 'testDrive' ? (
                    <button
                      key={b.kind}
                      type="button"
                      className="fc-button"
                      data-button={b.kind}
                      onClick={() => open(b.kind === 'enquire' ? 'enquiry' : 'test-drive')}
                    >
                      {t(b.label)}
                    </button>
                  ) : (
                    <Link
                      key={b.kind}
                      className="fc-button fc-button--secondary"
                      to={b.href ?? '/'}
                      data-button={b.kind}
                      reloadDocument={b.kind === 'carHistoryReport' || undefined}
                    >
                      {t(b.label)}
                    </Link>
                  ),
                )}
              </div>
            )}
            {props.pdfDownload && (
              <button
                type="button"
                className="fc-button fc-button--secondary fc-car-detail__pdf"
                data-button="pdf"
                disabled={downloading}
                aria-busy={downloading || undefined}
                onClick={async () => {
                  setDownloading(true);
                  await downloadCarPdf(site, car.slug);
                  setDownloading(false);
                }}
              >
                {downloading ? t('Preparing PDF…') : t('Download PDF')}
              </button>
            )}
            <section className="fc-car-interested" aria-labelledby={`${blockId}-interested`}>
              <h2 id={`${blockId}-interested`}>{t('Interested in this vehicle?')}</h2>
              <p>
                {car.dealership_name}
                {car.location?.location_name && car.location.location_name !== car.dealership_name
                  ? ` · ${car.location.location_name}`
                  : ''}
                {car.city ? `, ${car.city}` : ''}
              </p>
              {isEnquirable(car) && <PhoneReveal car={car} phone={car.location?.phone} />}
              <div className="fc-car-interested__actions">
                {showFavourite(car, features) && <FavouriteButton car={car} />}
                {features.compare && <CompareToggle car={car} />}
                {features.watchlist && <WatchlistButton car={car} />}
              </div>
            </section>
            {sold && <SimilarPanel car={car} />}
          </aside>
          <div className="fc-car-detail__main">
            <Section id={`${blockId}-key`} title="Key information">
              <dl className="fc-key-info">
                {keyInfo.map((r) => (
                  <div key={r.label}>
                    <dt>{t(r.label)}</dt>
                    <dd>{r.value}</dd>
                  </div>
                ))}
                {car.regplate && (
                  <div>
                    <dt>{m('plate.label')}</dt>
                    <dd>
                      {car.regplate}
                      {regoFuture && car.rego_expiry && (
                        <>
                          {' '}
                          <span className="fc-key-info__rego">
                            Expires on{' '}
                            <time dateTime={car.rego_expiry}>
                              {formatDate(car.rego_expiry, region.locale)}
                            </time>
                          </span>
                        </>
                      )}
                    </dd>
                  </div>
                )}
              </dl>
            </Section>

            <Tabs tabs={tabs} label={t('About this car')} className="fc-car-detail__tabs" />

            <Section id={`${blockId}-summary`} title="Car Summary">
              <SpecList rows={summary} what="car summary" preview={summary.length} />
            </Section>

            <Section id={`${blockId}-specs`} title="All Specifications">
              {specs.length ? (
                <SpecList rows={specs} what="specifications" />
              ) : (
                <p>{t('Specifications are not available for this car.')}</p>
              )}
            </Section>

            {disclaimers.length > 0 && (
              <Section id={`${blockId}-disclaimers`} title="Finance disclaimers">
                <ul className="fc-car-disclaimers">
                  {disclaimers.map((dl) => (
                    <li key={dl.provider}>
                      <strong>{dl.provider}: </strong>
                      <ExpandableText text={dl.text} what="disclaimer" />
                    </li>
                  ))}
                </ul>
              </Section>
            )}
          </div>
        </div>
      </div>
      <div className="fc-container">
        <SimilarCars cars={similar} headingId={`${blockId}-similar`} />
      </div>
      {isEnquirable(car) && (
        <ActionBar car={car} phone={car.location?.phone} onEnquire={() => open('enquiry')} />
      )}
      {modal}
    </article>
  );
}
