/** The visitor's favourite cars (kept in their browser), as car cards. */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { FavouritesProps } from '../../schemas/resolved.gen.ts';
import { CarCard } from '../_cars/CarCard.tsx';
import { useFavourites } from '../_cars/local-lists.ts';
import { useCarsByIds } from '../_cars/useCars.ts';
import '../_cars/styles/card.css';
import '../_cars/styles/visitor-actions.css';
import '../_cars/styles/promo-and-lists.css';

export default defineBlock<FavouritesProps>({
  component: function FavouritesBlock({ props, block }) {
    const { t } = useSite();
    const favourites = useFavourites();
    const state = useCarsByIds(favourites.ids);
    const headingId = `${block.id}-heading`;
    return (
      <section
        className="fc-car-list-page fc-favourites"
        data-block-id={block.id}
        aria-labelledby={headingId}
        aria-busy={state.status === 'loading'}
      >
        <div className="fc-container">
          <h1 id={headingId}>{t(props.heading)}</h1>
          {state.status === 'ready' && !state.cars.length ? (
            <p>{t(props.emptyText)}</p>
          ) : state.status === 'error' ? (
            <p role="alert">{t('We could not load your favourites. Please try again.')}</p>
          ) : state.cars.length ? (
            <ol className="fc-car-grid">
              {state.cars.map((car, i) => (
                <li key={car.objectID}>
                  <CarCard car={car} position={i} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="fc-car-list-page__status">{t('Loading your favourites…')}</p>
          )}
        </div>
      </section>
    );
  },
});
