/**
 * The ways out of a search that found nothing (EmptySuggestions.tsx). Their code is loaded only
 * once a search finds nothing: most visitors never see them, and the search UI's first use
 * loads only what it shows (docs/search-ui.md, "Interaction speed").
 */
import { lazy, Suspense } from 'react';
import { useInstantSearch } from 'react-instantsearch';

const EmptySuggestions = lazy(() =>
  import('./EmptySuggestions.tsx').then((m) => ({ default: m.EmptySuggestions })),
);

export function WaysOut(props: { rangeFormat: (attribute: string, value: number) => string }) {
  const { results } = useInstantSearch();
  const artificial = !results || (results as { __isArtificial?: boolean }).__isArtificial;
  if (artificial || results.nbHits > 0) return null;
  return (
    <Suspense fallback={null}>
      <EmptySuggestions {...props} />
    </Suspense>
  );
}
