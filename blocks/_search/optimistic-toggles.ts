/**
 * A facet option's box shows the buyer's choice in the click's own frame, and the search it
 * starts (InstantSearch's state, the address, every widget's render) runs after that frame is
 * drawn (docs/search-ui.md, "Interaction speed"). Once the search has been told, its own state
 * (which InstantSearch makes current at once, before the answer) is what the box shows again.
 */
import { useCallback, useState } from 'react';
import { afterNextFrame } from './next-frame.ts';

/** One choice (an object, so that a later choice on the same box is told apart from it). */
type Choice = { on: boolean };
const NONE: ReadonlyMap<string, Choice> = new Map();

export function useOptimisticToggles(refine: (value: string) => void) {
  const [chosen, setChosen] = useState(NONE);
  const toggle = useCallback(
    (value: string, on: boolean) => {
      const choice: Choice = { on };
      setChosen((prev) => new Map(prev).set(value, choice));
      void afterNextFrame().then(() => {
        refine(value);
        setChosen((prev) => {
          // A later click on the same box is still waiting for its own frame: it stays shown.
          if (prev.get(value) !== choice) return prev;
          const next = new Map(prev);
          next.delete(value);
          return next.size ? next : NONE;
        });
      });
    },
    [refine],
  );
  const checked = (value: string, isRefined: boolean) => chosen.get(value)?.on ?? isRefined;
  return { checked, toggle };
}
