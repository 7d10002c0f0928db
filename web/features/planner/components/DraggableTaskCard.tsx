import { useDraggable } from '@dnd-kit/core';
import { memo, type KeyboardEventHandler, type ReactNode } from 'react';
import type { PlannerTask } from '../planner-model';
import { TaskCard } from './TaskCard';

/** A task card that can be dragged: by mouse or a long press anywhere on it, by keyboard from its handle. */
function DraggableTaskCardView({ task, listIds, compact, footer }: { task: PlannerTask; listIds: string[]; compact?: boolean; footer?: ReactNode }) {
  const canMove = task.viewerCan.update;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: task.id, data: { task }, disabled: !canMove });
  // Enter and Space on the card itself open the details; the keyboard drag starts from the handle.
  const { onKeyDown, ...pointerListeners } = listeners ?? {};
  const handle = canMove ? (
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
  ) : null;
  return <TaskCard ref={setNodeRef} task={task} listIds={listIds} compact={compact} footer={footer} dragHandle={handle} placeholder={isDragging} className={canMove ? 'cursor-grab active:cursor-grabbing' : ''} {...pointerListeners} />;
}

const sameIds = (a: string[], b: string[]) => a === b || (a.length === b.length && a.every((id, i) => id === b[i]));

/**
 * Re-renders only when its task (Apollo hands out the same object while a task is unchanged), its
 * list's order or its options change: a change to one task of thousands repaints one card, not all in view.
 */
export const DraggableTaskCard = memo(
  DraggableTaskCardView,
  (a, b) => a.task === b.task && a.compact === b.compact && a.footer === undefined && b.footer === undefined && sameIds(a.listIds, b.listIds),
);
