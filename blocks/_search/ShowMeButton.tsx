/** "Show Me 1,234 Cars" and how it brings the results into view below any fixed bar. */
import { flushSync } from 'react-dom';
import { useSite } from '../../engine/render/site-context.tsx';
import { usePrefersReducedMotion } from './hooks.ts';
import { AnimatedNumber } from './AnimatedNumber.tsx';
import { useDisplayCount } from './result-count.tsx';
import { topInset } from '../_shared/top-inset.ts';

/**
 * Brings the count and, under it, the first car into view (docs/search-ui.md, "Results,
 * states, count"): the count goes to the top of the window, below any fixed bar. `anchorId`
 * is the count (the results when absent).
 */
export function scrollToResults(
  resultsId: string,
  anchorId: string | undefined,
  behavior: ScrollBehavior,
) {
  const anchor =
    (anchorId && document.getElementById(anchorId)) || document.getElementById(resultsId);
  if (!anchor) return;
  const top = anchor.getBoundingClientRect().top + window.scrollY - topInset() - 8;
  window.scrollTo({ top: Math.max(0, top), behavior });
}

/**
 * "Show Me 1,234 Cars": counts up or down to each new total, then takes the visitor to the
 * results. A link to them, so that it works before the UI has hydrated (the filter sheet's
 * footer on a phone, docs/search-ui.md "Filters on a phone"); "Me" is left out on phones.
 * `unknown`: the last search failed, so no count is the right one.
 */
export function ShowMeButton({
  resultsId,
  countId,
  onShow,
  unknown,
}: {
  resultsId: string;
  countId?: string;
  onShow?: () => void;
  unknown?: boolean;
}) {
  const { number } = useSite();
  const count = useDisplayCount();
  const reduced = usePrefersReducedMotion();
  return (
    <a
      href={`#${resultsId}`}
      className="fc-button fc-search-show-me"
      data-lazy-native=""
      onClick={(event) => {
        event.preventDefault();
        // Close the filter panel first and measure after it has gone (it sits above the results on phones).
        if (onShow) flushSync(onShow);
        document.getElementById(resultsId)?.focus({ preventScroll: true });
        scrollToResults(resultsId, countId, reduced ? 'auto' : 'smooth');
      }}
    >
      <span>
        Show <span className="fc-search-show-me__me">Me </span>
        {!unknown && (
          <>
            <AnimatedNumber
              value={count}
              format={number}
              className="fc-search-show-me__count"
            />{' '}
          </>
        )}
        {count === 1 && !unknown ? 'Car' : 'Cars'}
      </span>
    </a>
  );
}
