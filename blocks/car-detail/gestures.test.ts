import { describe, expect, it } from 'vitest';
import {
  dragOffset,
  keyTarget,
  readGesture,
  SWIPE_MIN_PX,
  TAP_MAX_PX,
  wrapIndex,
} from './gestures.ts';

describe('gallery gestures', () => {
  it('a sideways move past the threshold is a swipe: left brings the next photo, right the previous', () => {
    expect(readGesture(-SWIPE_MIN_PX, 0)).toBe('next');
    expect(readGesture(SWIPE_MIN_PX + 5, 10)).toBe('previous');
  });
  it('a short move, or one more up or down than sideways, changes nothing (the page scrolls)', () => {
    expect(readGesture(-(SWIPE_MIN_PX - 1), 0)).toBeNull();
    expect(readGesture(-80, 120)).toBeNull();
    expect(readGesture(60, -60)).toBeNull();
  });
  it('a pointer lifted where it went down is a tap', () => {
    expect(readGesture(TAP_MAX_PX - 1, -(TAP_MAX_PX - 1))).toBe('tap');
    expect(readGesture(TAP_MAX_PX, 0)).toBeNull();
  });
  it('the photo follows sideways moves only', () => {
    expect(dragOffset(-30, 5)).toBe(-30);
    expect(dragOffset(25, -10)).toBe(25);
    expect(dragOffset(20, 40)).toBe(0);
  });
  it('arrow keys wrap around, Home and End jump, other keys are not the gallery’s', () => {
    expect(keyTarget('ArrowRight', 4, 5)).toBe(0);
    expect(keyTarget('ArrowLeft', 0, 5)).toBe(4);
    expect(keyTarget('Home', 3, 5)).toBe(0);
    expect(keyTarget('End', 0, 5)).toBe(4);
    expect(keyTarget('Enter', 0, 5)).toBeUndefined();
    expect(wrapIndex(-6, 5)).toBe(4);
  });
});
