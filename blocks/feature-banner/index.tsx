/**
 * Feature banner: a few feature links (latest offers, online service booking, sell
 * your car). From 992 px they sit in (up to) three columns; below that they are a
 * carousel that starts at the second item and loops, with previous/next
 * buttons, dots, left/right keys and swipes.
 *
 * The layout switch is CSS only, so the server sends the same HTML for every width.
 * The carousel behaviour (inert inactive slides, live region) switches on in the
 * browser only when the viewport is below 992 px; until then, and without JavaScript,
 * small screens get a swipeable row that starts at the second item.
 */
import type { CSSProperties } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { FeatureBannerProps } from '../../schemas/resolved.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { useCarousel } from '../_shared/useCarousel.ts';
import { CarouselControls } from '../_shared/CarouselControls.tsx';
import { serviceHref } from '../_shared/site-links.ts';
import './feature-banner.css';

/** Below this width the banner is a carousel. */
export const CAROUSEL_QUERY = '(max-width: 991.98px)';

type Icon = NonNullable<NonNullable<FeatureBannerProps['items']>[number]['icon']>;

const ICON_PATHS: Record<Icon, string> = {
  // 24×24 line icons.
  offers: 'M20.6 13.4l-7.2 7.2a2 2 0 01-2.8 0L3 13V3h10l7.6 7.6a2 2 0 010 2.8zM7.5 7.5h.01',
  service:
    'M14.7 6.3a1 1 0 000 1.4l1.6 1.6a1 1 0 001.4 0l3.77-3.77a6 6 0 01-7.94 7.94l-6.91 6.91a2.12 2.12 0 01-3-3l6.91-6.91a6 6 0 017.94-7.94l-3.76 3.76z',
  sell: 'M12 1v22M17 5H9.5a3.5 3.5 0 000 7h5a3.5 3.5 0 010 7H6',
  finance: 'M3 10h18M5 10V20M9.5 10V20M14.5 10V20M19 10V20M2 22h20M12 2l10 5H2z',
  car: 'M5 17H3v-5l2-5h11l4 5h1v5h-2M5 17a2 2 0 104 0 2 2 0 00-4 0zm10 0a2 2 0 104 0 2 2 0 00-4 0zM9 17h6M5 12h15',
  location:
    'M12 22s7-6.2 7-12a7 7 0 00-14 0c0 5.8 7 12 7 12zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
};

function FeatureIcon({ icon }: { icon: Icon }) {
  return (
    <svg
      className="fc-feature-banner__icon"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="32"
      height="32"
    >
      <path
        d={ICON_PATHS[icon] ?? ICON_PATHS.car}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export default defineBlock<FeatureBannerProps>({
  component: function FeatureBanner({ props, block }) {
    const { site, t } = useSite();
    const items = props.items;
    const count = items.length;
    const carousel = useCarousel({
      count,
      initialIndex: count > 1 ? 1 : 0,
      loop: true,
      media: CAROUSEL_QUERY,
    });
    const trackId = `${block.id}-features`;
    const hideInstantOffer = site.features.hideInstantOfferText;
    const active = carousel.active;

    return (
      <section
        ref={carousel.rootRef}
        className={`fc-feature-banner${active ? ' fc-feature-banner--carousel' : ''}${carousel.moved ? ' fc-feature-banner--moved' : ''}`}
        aria-label={t('Quick links')}
        aria-roledescription={active ? 'carousel' : undefined}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the carousel takes focus so its arrow keys work (WAI-ARIA carousel)
        tabIndex={active ? 0 : undefined}
        onKeyDown={active ? carousel.onKeyDown : undefined}
        style={{ '--fc-feature-columns': Math.min(Math.max(count, 1), 3) } as CSSProperties}
        data-block-id={block.id}
      >
        <div className="fc-container">
          <div
            className="fc-feature-banner__viewport"
            onTouchStart={carousel.onTouchStart}
            onTouchEnd={carousel.onTouchEnd}
          >
            <div
              className="fc-feature-banner__track"
              id={trackId}
              aria-live={active ? 'polite' : undefined}
            >
              {items.map((item, i) => {
                const { style, ...slide } = carousel.slideProps(i);
                const showText = item.text && !(item.instantOffer && hideInstantOffer);
                return (
                  <div
                    key={i}
                    className="fc-feature-banner__item"
                    style={style}
                    {...slide}
                    {...(active
                      ? {
                          role: 'group',
                          'aria-roledescription': 'slide',
                          'aria-label': `${i + 1} of ${count}`,
                        }
                      : {})}
                  >
                    <SiteLink
                      href={serviceHref(item.href, site.features)}
                      className="fc-feature-banner__link"
                    >
                      <FeatureIcon icon={item.icon} />
                      <span className="fc-feature-banner__body">
                        <span className="fc-feature-banner__title">{t(item.title)}</span>
                        {showText && (
                          <span className="fc-feature-banner__text">{t(item.text!)}</span>
                        )}
                      </span>
                    </SiteLink>
                  </div>
                );
              })}
            </div>
          </div>
          <CarouselControls
            carousel={carousel}
            prefix="fc-feature-banner"
            trackId={trackId}
            arrowSize={22}
          />
        </div>
      </section>
    );
  },
});
