import { useDraggable } from '@dnd-kit/core';
import type { KeyboardEvent, KeyboardEventHandler, MouseEvent } from 'react';
import { twelveHourLabel } from '../../../../schema/domain/task-rules';
import { MoveToMenu, type PlannerTask, priorityLabel, priorityTone, usePlannerActions } from '../../planner';

const DOT: Record<string, string> = { green: 'bg-emerald-500', blue: 'bg-sky-500', orange: 'bg-orange-500', red: 'bg-red-600' };

/**
 * A small task card for calendar days: priority dot, time, title, the card menu (Move to..., Move to
 * date...). A click (or Enter / Space) opens the details; mouse and a long press drag it, the keyboard
 * drags from its handle. `draggable={false}` for copies (the day's full list).
 */
export function CalendarCard({ task, listIds, draggable = true, dense }: { task: PlannerTask; listIds: string[]; draggable?: boolean; dense?: boolean }) {
  // A copy (the day's full list) must not register a second draggable under the same id.
  return draggable && task.viewerCan.update ? (
    <DraggableCard task={task} listIds={listIds} dense={dense} />
  ) : (
    <Card task={task} listIds={listIds} dense={dense} />
  );
}

function DraggableCard({ task, listIds, dense }: { task: PlannerTask; listIds: string[]; dense?: boolean }) {
  const drag = useDraggable({ id: task.id, data: { task } });
  return <Card task={task} listIds={listIds} dense={dense} drag={drag} />;
}

function Card({ task, listIds, dense, drag }: { task: PlannerTask; listIds: string[]; dense?: boolean; drag?: ReturnType<typeof useDraggable> }) {
  const actions = usePlannerActions();
  const canMove = !!drag;
  const { attributes, listeners, setNodeRef, isDragging } = drag ?? { attributes: undefined, listeners: undefined, setNodeRef: undefined, isDragging: false };
  const { onKeyDown: dragKeyDown, ...pointerListeners } = listeners ?? {};
  const open = () => actions.openDetails(task.id, listIds);
  const done = task.status === 'DONE';

  const keyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  const click = (e: MouseEvent<HTMLElement>) => {
    if (isDragging || (e.target as HTMLElement).closest('button, [role="menu"]')) return;
    open();
  };

  return (
    <article
      ref={setNodeRef}
      tabIndex={0}
      aria-label={task.title}
      data-testid="calendar-card"
      data-task-id={task.id}
      onClick={click}
      onKeyDown={keyDown}
      {...pointerListeners}
      className={`group relative flex items-start gap-1.5 rounded-md border border-slate-200 bg-white text-left shadow-sm outline-none select-none [-webkit-touch-callout:none] hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500 ${
        dense ? 'px-1.5 py-1' : 'px-2 py-1.5'
      } ${canMove ? 'cursor-grab active:cursor-grabbing' : 'cursor-pointer'} ${isDragging ? 'opacity-40' : ''}`}
    >
      {canMove && (
        <button
          type="button"
          {...attributes}
          onKeyDown={dragKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
          aria-label={`Drag ${task.title}`}
          className="absolute inset-y-0 left-0 z-10 w-2 cursor-grab touch-none rounded-l-md opacity-0 group-hover:bg-slate-100 focus-visible:bg-brand-100 focus-visible:opacity-100"
        />
      )}
      {dense ? (
        <>
          <span
            aria-label={`${priorityLabel(task.priority)} priority`}
            role="img"
            className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${DOT[priorityTone(task.priority)] ?? DOT.blue}`}
          />
          <p className={`min-w-0 flex-1 text-xs leading-5 font-medium break-words text-slate-900 line-clamp-1 ${done ? 'text-slate-500 line-through' : ''}`}>
            {task.scheduledTime && <span className="mr-1 text-[11px] text-brand-700 tabular-nums">{twelveHourLabel(task.scheduledTime)}</span>}
            {task.title}
          </p>
        </>
      ) : (
        // Narrow week columns: a top row (priority, time, menu) and the title across the card's width.
        <div className="min-w-0 flex-1">
          <div className="flex min-h-6 items-center gap-1.5">
            <span
              aria-label={`${priorityLabel(task.priority)} priority`}
              role="img"
              className={`h-2 w-2 shrink-0 rounded-full ${DOT[priorityTone(task.priority)] ?? DOT.blue}`}
            />
            {task.scheduledTime && (
              <span className="min-w-0 flex-1 truncate text-[11px] leading-4 font-medium text-brand-700 tabular-nums">
                {twelveHourLabel(task.scheduledTime)}
              </span>
            )}
            {/* Where a pointer can hover, the menu shows on hover or focus and leaves the time the width. */}
            <span className="ml-auto rounded-md bg-white [@media(hover:hover)]:absolute [@media(hover:hover)]:top-1 [@media(hover:hover)]:right-1.5 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-focus-within:opacity-100 [@media(hover:hover)]:group-hover:opacity-100">
              <MoveToMenu task={task} compact />
            </span>
          </div>
          <p className={`text-xs leading-4 font-medium [overflow-wrap:anywhere] text-slate-900 line-clamp-3 ${done ? 'text-slate-500 line-through' : ''}`}>
            {task.title}
          </p>
        </div>
      )}
    </article>
  );
}
