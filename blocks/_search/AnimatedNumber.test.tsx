import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnimatedNumber } from './AnimatedNumber.tsx';

afterEach(() => vi.unstubAllGlobals());

const format = (n: number) => n.toLocaleString('en-AU');
const digits = (text: string | null) => Number(text?.replace(/\D/g, ''));

describe('AnimatedNumber', () => {
  function animate(from: number, to: number) {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => (frames[id - 1] = () => {}));
    const view = render(<AnimatedNumber value={from} format={format} />);
    const span = view.container.querySelector('span')!;
    view.rerender(<AnimatedNumber value={to} format={format} />);
    return { frames, span, view };
  }

  it('only ever moves from the old value towards the new one, even when a frame is stamped before the animation began', () => {
    const start = performance.now();
    const { frames, span } = animate(4574, 2277);
    let next = 0;
    // Before any frame the old number is still shown (the new one is not flashed first).
    const seen = [digits(span.textContent)];
    // Browsers stamp a frame with its start time, which may precede the effect's performance.now().
    for (const at of [start - 16, start + 100, start + 300, start + 600, start + 700]) {
      const cb = frames[next++];
      if (!cb) break;
      act(() => cb(at));
      seen.push(digits(span.textContent));
    }
    expect(seen[0]).toBe(4574);
    for (const v of seen) expect(v >= 2277 && v <= 4574).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeLessThanOrEqual(seen[i - 1]);
    expect(span.textContent).toBe('2,277');
  });

  it('a new value mid-count is counted to from the number on screen, and React’s text stays the span’s', () => {
    const start = performance.now();
    const { frames, span, view } = animate(100, 900);
    let next = 0;
    act(() => frames[next++]!(start + 150));
    const midway = digits(span.textContent);
    expect(midway).toBeGreaterThan(100);
    expect(midway).toBeLessThan(900);
    view.rerender(<AnimatedNumber value={50} format={format} />);
    expect(digits(span.textContent)).toBe(midway);
    for (let at = start + 200; next < frames.length; at += 100) act(() => frames[next++]!(at));
    expect(span.textContent).toBe('50');
    // A value React renders without an animation frame (the same number again) still shows.
    vi.stubGlobal('requestAnimationFrame', undefined);
    view.rerender(<AnimatedNumber value={7} format={format} />);
    expect(span.textContent).toBe('7');
  });
});
