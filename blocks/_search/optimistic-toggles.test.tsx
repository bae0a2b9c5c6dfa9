/** A facet box shows the buyer's choice at once and tells the search after the frame (docs/search-ui.md, "Interaction speed"). */
import { act, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useOptimisticToggles } from './optimistic-toggles.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A box over a search whose state changes only when refine is called, as InstantSearch's does. */
function Box({ onRefine }: { onRefine: (value: string) => void }) {
  const [refined, setRefined] = useState(false);
  const boxes = useOptimisticToggles((value) => {
    onRefine(value);
    setRefined((r) => !r);
  });
  return (
    <input
      type="checkbox"
      aria-label="Sedan"
      checked={boxes.checked('Sedan', refined)}
      onChange={(e) => boxes.toggle('Sedan', e.target.checked)}
    />
  );
}

/** The next frame is drawn, and the task after it runs. */
async function nextFrame() {
  await act(async () => {
    vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(1);
  });
}

it('shows the tick in the click’s frame and refines only after that frame', async () => {
  const refine = vi.fn();
  const { container } = render(<Box onRefine={refine} />);
  const box = container.querySelector('input')!;
  fireEvent.click(box);
  expect(box.checked).toBe(true);
  expect(refine).not.toHaveBeenCalled();
  await nextFrame();
  expect(refine).toHaveBeenCalledTimes(1);
  expect(refine).toHaveBeenCalledWith('Sedan');
  // The search's own state now says the same.
  expect(box.checked).toBe(true);
});

it('two clicks before the frame end where the buyer left the box, and the search follows both', async () => {
  const refine = vi.fn();
  const { container } = render(<Box onRefine={refine} />);
  const box = container.querySelector('input')!;
  fireEvent.click(box);
  fireEvent.click(box);
  expect(box.checked).toBe(false);
  await nextFrame();
  expect(refine).toHaveBeenCalledTimes(2);
  expect(box.checked).toBe(false);
});

it('a box the search state changes by itself shows that state once no click is waiting', async () => {
  const refine = vi.fn();
  const { container } = render(<Box onRefine={refine} />);
  const box = container.querySelector('input')!;
  fireEvent.click(box);
  await nextFrame();
  fireEvent.click(box);
  expect(box.checked).toBe(false);
  await nextFrame();
  expect(refine).toHaveBeenCalledTimes(2);
  expect(box.checked).toBe(false);
});
