import { useEffect, useRef, type RefObject } from 'react';

/**
 * The pointer's last position in the window, kept in a ref (no re-render). A palette drop's
 * depth comes from where the pointer is, not from dnd-kit's delta, which is corrected for
 * scrolling.
 */
export function usePointer(): RefObject<{ x: number; y: number } | undefined> {
  const pointer = useRef<{ x: number; y: number }>(undefined);
  useEffect(() => {
    const onMove = (e: PointerEvent) => {
      pointer.current = { x: e.clientX, y: e.clientY };
    };
    window.addEventListener('pointermove', onMove, { capture: true, passive: true });
    return () => window.removeEventListener('pointermove', onMove, { capture: true });
  }, []);
  return pointer;
}
