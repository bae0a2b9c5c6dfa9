/**
 * The watchlist page: the cars the signed-in visitor saved (GET {api}/watchlist), each as a
 * car card whose watchlist button removes it. Visitors who are not signed in get a
 * sign-in link that brings them back here. Below the cars, the visitor's saved searches
 * (../_search/save-search/SavedSearchList.tsx).
 */
import { lazy, Suspense } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { WatchlistProps } from '../../schemas/resolved.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { signInHref } from '../_shared/session.ts';
import { CarCard } from '../_cars/CarCard.tsx';
import { useCarsByIds } from '../_cars/useCars.ts';
import { useWatchlist, WATCHLIST_PATH } from '../_cars/useWatchlist.ts';
import '../_cars/styles/card.css';
import '../_cars/styles/visitor-actions.css';
import '../_cars/styles/promo-and-lists.css';

// Only signed-in visitors see it, after the page has loaded: its code comes then.
const SavedSearchList = lazy(() => import('../_search/save-search/SavedSearchList.tsx'));

export default defineBlock<WatchlistProps>({
  component: function WatchlistBlock({ props, block }) {
    const { t } = useSite();
    const watchlist = useWatchlist();
    const state = useCarsByIds(watchlist.ids, watchlist.loaded);
    const headingId = `${block.id}-heading`;
    let body;
    if (!watchlist.signedIn) {
      body = (
        <p>
          {t('Sign in with your phone number to see the cars you saved.')}{' '}
          <SiteLink
            className="fc-button"
            href={signInHref('watchlist', WATCHLIST_PATH, WATCHLIST_PATH)}
          >
            {t('Sign in')}
          </SiteLink>
        </p>
      );
    } else if (!watchlist.loaded || state.status === 'loading' || state.status === 'idle') {
      body = <p className="fc-car-list-page__status">{t('Loading your watchlist…')}</p>;
    } else if (state.status === 'error') {
      body = <p role="alert">{t('We could not load your watchlist. Please try again.')}</p>;
    } else if (!state.cars.length) {
      body = <p>{t(props.emptyText)}</p>;
    } else {
      body = (
        <ol className="fc-car-grid" aria-labelledby={headingId}>
          {state.cars.map((car, i) => (
            <li key={car.objectID}>
              <CarCard car={car} position={i} />
            </li>
          ))}
        </ol>
      );
    }
    return (
      <section
        className="fc-car-list-page fc-watchlist"
        data-block-id={block.id}
        aria-labelledby={headingId}
        aria-busy={state.status === 'loading'}
      >
        <div className="fc-container">
          <h1 id={headingId}>{t(props.heading)}</h1>
          {body}
          {watchlist.signedIn && watchlist.loaded && (
            <Suspense fallback={null}>
              <SavedSearchList />
            </Suspense>
          )}
        </div>
      </section>
    );
  },
});
