/**
 * Compare: the 2 to 4 cars the visitor picked with Compare (kept in their browser), side
 * by side in one table (a column per car, a row per detail), each removable.
 */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Car } from '../../schemas/types.gen.ts';
import type { CompareProps } from '../../schemas/resolved.gen.ts';
import { CAR_TABLES } from '../../schemas/car-tables.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { PriceView } from '../_cars/parts.tsx';
import { cardPhoto } from '../_cars/images.ts';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import { COMPARE_MAX, COMPARE_MIN, useCompare } from '../_cars/local-lists.ts';
import { carPath, financeInfo, hasValue, priceDisplay } from '../_cars/rules.ts';
import { useCarsByIds } from '../_cars/useCars.ts';
import { fieldValue } from '../_cars/field-values.ts';
import '../_cars/styles/card.css';
import '../_cars/styles/visitor-actions.css';
import '../_cars/styles/promo-and-lists.css';
import './compare.css';

type Row = { label: string; value: (car: Car) => React.ReactNode };

/** A column's photo box: at most 240 px wide (compare.css), narrower columns on a phone. */
export const COMPARE_PHOTO: PhotoLayout = {
  min: 160,
  max: 800,
  sizes: '(min-width: 600px) 240px, 40vw',
  fallback: 480,
};

/** A column's photo box: one size for every car, photo or not, so the columns line up (docs/cars.md, "Compare"). */
export function ComparePhoto({ photo }: { photo: string | undefined }) {
  return (
    <div className="fc-compare__photo">
      {photo && (
        <img
          {...photoAttributes(photo, COMPARE_PHOTO)}
          alt=""
          width={240}
          height={180}
          loading="lazy"
        />
      )}
    </div>
  );
}

export default defineBlock<CompareProps>({
  component: function CompareBlock({ props, block }) {
    const { site, money, number, t, region } = useSite();
    const format = { number, preOwned: site.features.preOwnedLabel, region: region.region };
    const compare = useCompare();
    const state = useCarsByIds(compare.ids);
    const headingId = `${block.id}-heading`;
    const cars = state.cars.slice(0, COMPARE_MAX);
    const now = Date.now();
    const rows: Row[] = [
      {
        label: 'Price',
        value: (c) => (
          <PriceView display={priceDisplay(c, site.features)} priceType={c.price_type} />
        ),
      },
      {
        label: 'Weekly finance',
        value: (c) => {
          const f = financeInfo(c, site, now);
          return f ? `${money(f.weekly)}/wk` : '–';
        },
      },
      // The rest are the car schema's x-show "compare" fields (docs/cars.md, "Car fields described once").
      ...CAR_TABLES.compare.map((field) => ({
        label: field.title,
        value: (c: Car) => fieldValue(c, field, format),
      })),
    ];
    return (
      <section
        className="fc-car-list-page fc-compare"
        data-block-id={block.id}
        aria-labelledby={headingId}
        aria-busy={state.status === 'loading'}
      >
        <div className="fc-container">
          <h1 id={headingId}>{t(props.heading)}</h1>
          {state.status === 'error' && (
            <p role="alert">{t('We could not load the cars. Please try again.')}</p>
          )}
          {state.status === 'ready' && cars.length < COMPARE_MIN && (
            <p>
              {t(props.emptyText)}{' '}
              <SiteLink href="/search/new-used-and-demo-cars">{t('Browse our stock')}</SiteLink>
            </p>
          )}
          {cars.length > 0 && (
            <div
              className="fc-compare-table-wrap"
              tabIndex={0}
              role="region"
              aria-label={t('Compared cars')}
            >
              <table className="fc-compare-table" data-compare-count={cars.length}>
                <caption className="fc-visually-hidden">
                  {t(`${cars.length} cars side by side`)}
                </caption>
                <thead>
                  <tr>
                    <td />
                    {cars.map((c) => {
                      const photo = cardPhoto(c);
                      return (
                        <th key={c.objectID} scope="col">
                          <ComparePhoto photo={photo} />
                          <SiteLink className="fc-compare__name" href={carPath(c)}>
                            {c.name}
                          </SiteLink>
                          <button
                            type="button"
                            className="fc-button fc-button--secondary fc-compare__remove"
                            onClick={() => compare.toggle(c.id)}
                          >
                            {t('Remove')}
                            <span className="fc-visually-hidden"> {c.name}</span>
                          </button>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.label}>
                      <th scope="row">{t(row.label)}</th>
                      {cars.map((c) => {
                        const v = row.value(c);
                        return (
                          <td key={c.objectID}>
                            {typeof v === 'object' && v !== null
                              ? v
                              : hasValue(v)
                                ? String(v)
                                : '–'}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
    );
  },
});
