import type { DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import { useCallback, useEffect, useRef } from 'react';

interface Point {
  x: number;
  y: number;
}

/**
 * The drop target under a point as the page is now: the first element marked `data-drop-target`
 * (a time slot comes before the column holding it). Slots scrolled out of the list's view are not hit.
 */
function dropTargetAt({ x, y }: Point): UniqueIdentifier | null {
  for (const element of document.elementsFromPoint(x, y)) {
    const id = element.getAttribute('data-drop-target');
    if (id) return id;
  }
  return null;
}

/**
 * Where a mouse or touch drag ends: the drop target under the pointer at the moment it is let go.
 * dnd-kit's `over` comes from its last render, which on a busy device lags the pointer and a slot
 * list scrolling under it, so the card would land in the slot that was there a moment earlier.
 * A keyboard drag has no pointer: its target stays dnd-kit's `over` (the one announced), and so does
 * a pointer drag whose release was not seen.
 */
export function useDropTargetAtRelease(): (event: DragEndEvent) => UniqueIdentifier | null {
  // The target is read at the release itself, not when dnd-kit reports the end: a list that an
  // auto-scroll or a wheel keeps moving in between would otherwise put a different slot under the point.
  // Cleared when a press starts, so a drag never ends on an earlier click's record.
  const released = useRef<{ target: UniqueIdentifier | null } | null>(null);

  useEffect(() => {
    const onMouseDown = () => {
      released.current = null;
    };
    const onMouseUp = (e: MouseEvent) => {
      released.current = { target: dropTargetAt({ x: e.clientX, y: e.clientY }) };
    };
    const onTouchEnd = (e: TouchEvent) => {
      const touch = e.changedTouches[0];
      if (touch) released.current = { target: dropTargetAt({ x: touch.clientX, y: touch.clientY }) };
    };
    // A touch's events all go to the element the finger first touched, even after that element has
    // left the page (a held card that a list reload or a virtualized list re-rendered): from there
    // they no longer reach the window, so the release is heard on that element itself. Added at the
    // touch's start, before dnd-kit's sensor adds its own, so it records the release before the drag
    // ends; both listeners go when the touch ends or is cancelled.
    const onTouchStart = (e: TouchEvent) => {
      released.current = null;
      const target = e.target;
      if (!target) return;
      const onEnd = (end: Event) => {
        stop();
        onTouchEnd(end as TouchEvent);
      };
      const stop = () => {
        target.removeEventListener('touchend', onEnd);
        target.removeEventListener('touchcancel', stop);
      };
      target.addEventListener('touchend', onEnd);
      target.addEventListener('touchcancel', stop);
    };
    window.addEventListener('mousedown', onMouseDown, true);
    window.addEventListener('mouseup', onMouseUp, true);
    window.addEventListener('touchstart', onTouchStart, { capture: true, passive: true });
    return () => {
      window.removeEventListener('mousedown', onMouseDown, true);
      window.removeEventListener('mouseup', onMouseUp, true);
      window.removeEventListener('touchstart', onTouchStart, { capture: true });
    };
  }, []);

  return useCallback(({ activatorEvent, over }: DragEndEvent) => {
    const release = released.current;
    released.current = null;
    if (!release || activatorEvent instanceof KeyboardEvent) return over?.id ?? null;
    return release.target;
  }, []);
}
