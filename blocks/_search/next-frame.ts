/** Longest wait for the next frame (a hidden tab draws none), ms. */
const NEXT_FRAME_WAIT_MS = 100;

/**
 * Resolves once the browser has drawn its next frame (at once where nothing draws frames):
 * work that a click starts but the click's own frame need not show waits for it, so that frame
 * comes first (docs/search-ui.md, "Interaction speed").
 */
export function afterNextFrame(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, NEXT_FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}
