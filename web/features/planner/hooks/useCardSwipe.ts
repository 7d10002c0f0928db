import { useCallback, useRef, useState, type TouchEvent } from 'react';
import { addDays, todayKey, type PlannerTask } from '../planner-model';
import { usePlannerActions } from './usePlannerActions';

/** How far a finger moves sideways before the card follows it (below it, the touch may still be a tap, a scroll or a long press). */
const START_PX = 12;
/** How far a card must be swiped to act when it is let go: this share of its width, at least 80 px. */
const ACT_SHARE = 0.35;
const ACT_MIN_PX = 80;

export type SwipeDirection = 'right' | 'left';

/**
 * Swiping a board card on a touch screen: right completes the task, left moves it to tomorrow (Pending
 * Tasks), each through the planner's move, whose toast offers Undo. A swipe is a sideways move that
 * starts before the long press that picks the card up for a drag (dnd-kit's touch sensor gives that up
 * when the finger moves first); a mostly vertical move is left to the column's scrolling, and a card
 * held for a drag never swipes. The card takes `touch-action: pan-y`, so sideways moves reach it.
 */
export function useCardSwipe(task: PlannerTask, enabled: boolean, dragging: boolean) {
  const { move } = usePlannerActions();
  const start = useRef<{ x: number; y: number; width: number; mode: 'undecided' | 'swipe' | 'scroll' } | null>(null);
  const [swipe, setSwipe] = useState({ offset: 0, width: 0 });
  const done = task.status === 'DONE';

  const threshold = Math.max(ACT_MIN_PX, swipe.width * ACT_SHARE);
  const direction: SwipeDirection | null = swipe.offset >= threshold ? 'right' : swipe.offset <= -threshold ? 'left' : null;

  // Stable handlers while nothing they read changes: the card they go to skips re-rendering (DraggableTaskCard).
  const reset = useCallback(() => {
    start.current = null;
    setSwipe({ offset: 0, width: 0 });
  }, []);

  const onTouchStart = useCallback((e: TouchEvent<HTMLElement>) => {
    const t = e.touches[0];
    start.current = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY, width: e.currentTarget.offsetWidth, mode: 'undecided' } : null;
  }, []);
  const onTouchMove = useCallback(
    (e: TouchEvent<HTMLElement>) => {
      const s = start.current;
      const t = e.touches[0];
      if (!s || !t || s.mode === 'scroll') return;
      if (dragging) return reset();
      const dx = t.clientX - s.x;
      const dy = t.clientY - s.y;
      if (s.mode === 'undecided') {
        if (Math.abs(dy) > START_PX && Math.abs(dy) >= Math.abs(dx)) s.mode = 'scroll';
        else if (Math.abs(dx) > START_PX) s.mode = 'swipe';
        if (s.mode !== 'swipe') return;
      }
      // A done task has nothing to complete: it only goes left.
      setSwipe({ offset: done ? Math.min(0, dx) : dx, width: s.width });
    },
    [dragging, done, reset],
  );
  const onTouchEnd = useCallback(() => {
    const acted = start.current?.mode === 'swipe' && !dragging ? direction : null;
    reset();
    if (acted === 'right') void move(task, { column: 'COMPLETED' });
    else if (acted === 'left') void move(task, { column: 'PENDING', scheduledDate: addDays(todayKey(), 1) });
  }, [dragging, direction, reset, move, task]);

  return {
    /** Touch handlers for the card (to run beside the drag sensor's); none when the card cannot move. */
    handlers: enabled ? { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: reset } : null,
    offset: swipe.offset,
    /** Where a let-go would send the card, once it has been swiped far enough. */
    direction,
  };
}
