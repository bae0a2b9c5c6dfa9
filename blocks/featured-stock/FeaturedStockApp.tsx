/**
 * The featured stock block's UI (docs/content-blocks.md, "Featured stock"): a heading, a See all link
 * to the matching search, and a row of the site's full car cards (blocks/_cars/CarCard.tsx,
 * the search results' card: same badges, prices and buttons) that scrolls sideways. The cars
 * are looked up by `load` (load.ts), so they are in the HTML; cards have a fixed width and
 * photos their width and height, so nothing moves while the page loads. Nothing shows when
 * no car matches (staff see why in development).
 */
import type { BlockRenderProps } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { FeaturedStockProps } from '../../schemas/resolved.gen.ts';
import { CarCard } from '../_cars/CarCard.tsx';
import { Chevron } from '../_shared/Chevron.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import type { FeaturedStockData } from './load.ts';
import { useScroller } from './useScroller.ts';
import './featured-stock.css';
import '../_shared/round-arrow.css';

export default function FeaturedStock({
  props,
  block,
  data,
}: BlockRenderProps<FeaturedStockProps>) {
  const { mode, t } = useSite();
  const d = (data ?? { cars: [], now: 0 }) as FeaturedStockData;
  const scroller = useScroller();
  const headingId = `${block.id}-heading`;
  const trackId = `${block.id}-cars`;
  const heading = t(props.heading);
  if (!d.cars.length) {
    return mode === 'development' && d.problem ? (
      <p className="fc-block-error" role="note">
        {heading}: {d.problem}
      </p>
    ) : null;
  }
  return (
    <section
      className={`fc-featured-stock${scroller.ready ? ' fc-featured-stock--ready' : ''}`}
      aria-labelledby={headingId}
      data-block-id={block.id}
    >
      <div className="fc-container">
        <div className="fc-featured-stock__head">
          <h2 id={headingId} className="fc-featured-stock__heading">
            {heading}
          </h2>
          {d.seeAll && (
            <SiteLink href={d.seeAll} className="fc-featured-stock__all">
              {t(props.seeAllLabel)}
              <span className="fc-visually-hidden"> {heading}</span>
            </SiteLink>
          )}
        </div>
        <div
          ref={scroller.trackRef}
          id={trackId}
          className="fc-featured-stock__track"
          role="region"
          aria-label={`${heading}, ${d.cars.length} ${t('cars')}`}
          tabIndex={0}
          onKeyDown={scroller.onKeyDown}
        >
          <ul className="fc-featured-stock__list">
            {d.cars.map((car, i) => (
              <li
                key={car.objectID ?? car.id}
                className="fc-featured-stock__item"
                data-scroll-item=""
              >
                {/* Positions after the first: the hero, not a card, is the page's main image; photos load as they come near. */}
                <CarCard car={car} position={i + 1} eagerCount={0} headingLevel={3} now={d.now} />
              </li>
            ))}
          </ul>
        </div>
        <div className="fc-featured-stock__controls">
          <button
            type="button"
            className="fc-round-arrow fc-featured-stock__arrow"
            aria-controls={trackId}
            aria-label={t('Previous cars')}
            aria-disabled={scroller.atStart}
            onClick={() => !scroller.atStart && scroller.page(-1)}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="fc-round-arrow fc-featured-stock__arrow"
            aria-controls={trackId}
            aria-label={t('Next cars')}
            aria-disabled={scroller.atEnd}
            onClick={() => !scroller.atEnd && scroller.page(1)}
          >
            <Chevron direction="right" />
          </button>
        </div>
      </div>
    </section>
  );
}
