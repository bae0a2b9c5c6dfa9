import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAnimatedNumber } from './hooks.ts';

afterEach(() => vi.unstubAllGlobals());

describe('useAnimatedNumber', () => {
  it('only ever moves from the old value towards the new one, even when a frame is stamped before the animation began', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const start = performance.now();
    const { result, rerender } = renderHook(({ value }) => useAnimatedNumber(value, 600), {
      initialProps: { value: 4574 },
    });
    rerender({ value: 2277 });
    const seen: number[] = [];
    // Browsers stamp a frame with its start time, which may precede the effect's performance.now().
    for (const at of [start - 16, start + 100, start + 300, start + 600, start + 700]) {
      const cb = frames.shift();
      if (!cb) break;
      act(() => cb(at));
      seen.push(result.current);
    }
    for (const v of seen) expect(v >= 2277 && v <= 4574).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeLessThanOrEqual(seen[i - 1]);
    expect(seen.at(-1)).toBe(2277);
  });
});
