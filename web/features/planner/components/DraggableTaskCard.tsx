import { useDraggable } from '@dnd-kit/core';
import { memo, useCallback, useMemo, type KeyboardEventHandler, type ReactNode, type TouchEvent } from 'react';
import { useCardSwipe } from '../hooks/useCardSwipe';
import type { PlannerTask } from '../planner-model';
import { TaskCard } from './TaskCard';

const sameIds = (a: string[], b: string[]) => a === b || (a.length === b.length && a.every((id, i) => id === b[i]));

/**
 * TaskCard re-rendered only when its props change: every card on the board re-renders when a drag
 * starts, crosses a column or ends (dnd-kit's context changes), and its props stay the same.
 */
const StaticTaskCard = memo(TaskCard, (a, b) => {
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((k) => (k === 'listIds' ? sameIds(a.listIds, b.listIds) : a[k] === b[k]));
});

/**
 * A task card that can be dragged: by mouse or a long press anywhere on it, by keyboard from its handle;
 * on a touch screen a swipe right completes it and a swipe left moves it to tomorrow (useCardSwipe).
 */
function DraggableTaskCardView({
  task,
  listIds,
  compact,
  footer,
  className = '',
}: {
  task: PlannerTask;
  listIds: string[];
  compact?: boolean;
  footer?: ReactNode;
  className?: string;
}) {
  const canMove = task.viewerCan.update;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: task.id, data: { task }, disabled: !canMove });
  // Enter and Space on the card itself open the details; the keyboard drag starts from the handle.
  const { onKeyDown, onTouchStart: dragTouchStart, ...pointerListeners } = listeners ?? {};
  const swipe = useCardSwipe(task, canMove, isDragging);
  const swipeStart = swipe.handlers?.onTouchStart;
  const onTouchStart = useCallback(
    (e: TouchEvent<HTMLElement>) => {
      swipeStart?.(e);
      (dragTouchStart as ((e: TouchEvent<HTMLElement>) => void) | undefined)?.(e);
    },
    [swipeStart, dragTouchStart],
  );
  // The same handle element while nothing it shows changes, so the card itself can skip re-rendering.
  const handle = useMemo(
    () =>
      canMove ? (
        <button
          type="button"
          {...attributes}
          onKeyDown={onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
          aria-label={`Drag ${task.title}`}
          // Mouse and touch drag the whole card; this handle is the keyboard's way in (shown on hover and focus).
          className={`absolute top-0 left-0 z-10 flex h-full cursor-grab touch-none items-start justify-center rounded-l-lg text-slate-400 opacity-0 group-hover:opacity-100 hover:bg-slate-100 hover:text-slate-600 focus-visible:opacity-100 focus-visible:outline-offset-0 active:cursor-grabbing ${compact ? 'w-2 pt-2' : 'w-3 pt-3.5'}`}
        >
          <svg width={compact ? 8 : 10} height={compact ? 12 : 16} viewBox="0 0 10 16" fill="currentColor" aria-hidden="true">
            <circle cx="3" cy="3" r="1.4" />
            <circle cx="7" cy="3" r="1.4" />
            <circle cx="3" cy="8" r="1.4" />
            <circle cx="7" cy="8" r="1.4" />
            <circle cx="3" cy="13" r="1.4" />
            <circle cx="7" cy="13" r="1.4" />
          </svg>
        </button>
      ) : null,
    [canMove, attributes, onKeyDown, task.title, compact],
  );
  const swiped = swipe.offset !== 0;
  return (
    <StaticTaskCard
      ref={setNodeRef}
      task={task}
      listIds={listIds}
      compact={compact}
      footer={footer}
      dragHandle={handle}
      placeholder={isDragging}
      className={`${canMove ? 'cursor-grab touch-pan-y active:cursor-grabbing' : ''} ${swipe.direction ? (swipe.direction === 'right' ? 'ring-2 ring-emerald-500' : 'ring-2 ring-sky-500') : ''} ${className}`}
      style={swiped ? { transform: `translateX(${swipe.offset}px)` } : undefined}
      data-swipe={swipe.direction ?? undefined}
      {...pointerListeners}
      {...swipe.handlers}
      onTouchStart={onTouchStart}
    />
  );
}

/**
 * Re-renders only when its task (Apollo hands out the same object while a task is unchanged), its
 * list's order or its options change: a change to one task of thousands repaints one card, not all in view.
 */
export const DraggableTaskCard = memo(
  DraggableTaskCardView,
  (a, b) =>
    a.task === b.task &&
    a.compact === b.compact &&
    a.className === b.className &&
    a.footer === undefined &&
    b.footer === undefined &&
    sameIds(a.listIds, b.listIds),
);
