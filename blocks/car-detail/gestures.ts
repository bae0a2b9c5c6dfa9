/**
 * Moving between a gallery's photos: arrow keys, and swipes and taps on a photo from pointer events (touch, pen and mouse alike). The photo's
 * CSS says `touch-action: pan-y`, so the browser keeps vertical scrolling and hands
 * horizontal moves to us; a vertical scroll it takes over ends in `pointercancel`, which
 * forgets the gesture. A move counts as a swipe past SWIPE_MIN_PX, and only when it is
 * more sideways than up or down (docs/cars.md, "Car page on a phone"). While a finger moves
 * sideways the photo follows it (`--fc-swipe-x` on the element, no React render per move),
 * and springs back or gives way to the next photo when it is lifted (phone.css; no animation
 * for prefers-reduced-motion).
 */
import { useRef, type PointerEvent } from 'react';

/** How far a finger must travel sideways for the photo to change. */
export const SWIPE_MIN_PX = 40;
/** A pointer that moved less than this and was lifted is a tap. */
export const TAP_MAX_PX = 10;

export type Gesture = 'next' | 'previous' | 'tap' | null;

/** What a pointer's travel from where it went down to where it was lifted means. */
export function readGesture(dx: number, dy: number): Gesture {
  if (Math.abs(dx) < TAP_MAX_PX && Math.abs(dy) < TAP_MAX_PX) return 'tap';
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  // A finger moving left brings the next photo in from the right.
  return dx < 0 ? 'next' : 'previous';
}

/** How far the photo follows a finger that has moved (dx, dy): sideways moves only. */
export function dragOffset(dx: number, dy: number): number {
  return Math.abs(dx) > Math.abs(dy) ? dx : 0;
}

/** The property the photo's transform reads (phone.css). */
export const DRAG_PROPERTY = '--fc-swipe-x';

export interface SwipeHandlers {
  onPointerDown(e: PointerEvent): void;
  onPointerMove(e: PointerEvent): void;
  onPointerUp(e: PointerEvent): void;
  onPointerCancel(): void;
}

/** Pointer handlers for an element that calls `onGesture` with each swipe or tap. */
export function useSwipe(onGesture: (g: Exclude<Gesture, null>) => void): SwipeHandlers {
  const start = useRef<{ id: number; x: number; y: number; el: HTMLElement } | null>(null);
  // The photo goes back to its place (with phone.css's transition) when the gesture ends.
  const letGo = () => {
    const el = start.current?.el;
    start.current = null;
    el?.style.removeProperty(DRAG_PROPERTY);
    el?.removeAttribute('data-dragging');
  };
  return {
    onPointerDown(e) {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      // The photo's own buttons (previous, next, full screen) take their taps themselves.
      if ((e.target as Element).closest?.('button, a')) return;
      start.current = {
        id: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        el: e.currentTarget as HTMLElement,
      };
    },
    onPointerMove(e) {
      const s = start.current;
      if (!s || s.id !== e.pointerId) return;
      s.el.setAttribute('data-dragging', '');
      s.el.style.setProperty(DRAG_PROPERTY, `${dragOffset(e.clientX - s.x, e.clientY - s.y)}px`);
    },
    onPointerUp(e) {
      const s = start.current;
      if (!s || s.id !== e.pointerId) return;
      letGo();
      const gesture = readGesture(e.clientX - s.x, e.clientY - s.y);
      if (gesture) onGesture(gesture);
    },
    onPointerCancel() {
      letGo();
    },
  };
}

/** A photo index brought into 0 … count - 1, wrapping at both ends. */
export const wrapIndex = (index: number, count: number) => ((index % count) + count) % count;

/** Arrow keys, Home and End: the photo they move to, or undefined for other keys. */
export function keyTarget(key: string, index: number, count: number): number | undefined {
  const keys: Record<string, number> = {
    ArrowLeft: index - 1,
    ArrowRight: index + 1,
    Home: 0,
    End: count - 1,
  };
  return key in keys ? wrapIndex(keys[key], count) : undefined;
}
