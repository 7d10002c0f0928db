import { useDroppable } from '@dnd-kit/core';
import type { ReactNode, Ref } from 'react';
import type { TaskColumn } from '../../../gql/graphql';
import { Icon } from '../../../ui/icons';
import { columnTitle } from '../planner-model';
import { VirtualRows } from './VirtualRows';

/** Per column: an accent and an icon (the icons also stand for the columns in focus mode). */
export const COLUMN_STYLE: Record<TaskColumn, { accent: string; count: string; icon: (p: { width?: number; height?: number }) => ReactNode }> = {
  PENDING_FROM_BEFORE: { accent: 'bg-amber-500', count: 'bg-amber-100 text-amber-900', icon: Icon.Alert },
  UNSCHEDULED: { accent: 'bg-slate-400', count: 'bg-slate-200 text-slate-800', icon: Icon.Inbox },
  TODAY: { accent: 'bg-brand-600', count: 'bg-brand-100 text-brand-700', icon: Icon.Focus },
  PENDING: { accent: 'bg-sky-500', count: 'bg-sky-100 text-sky-900', icon: Icon.Calendar },
  COMPLETED: { accent: 'bg-emerald-500', count: 'bg-emerald-100 text-emerald-900', icon: Icon.Check },
};

/** The time-slot list's scroll container (slots outside its visible part take no drops). */
export const SLOTS_SCROLLER_ID = 'planner-time-slots';

export const columnDropId = (column: TaskColumn) => `column:${column}`;

export interface BoardColumnProps {
  column: TaskColumn;
  count: number;
  /** Header controls (Today's Plan: List View / Add Task). */
  tools?: ReactNode;
  /** The cards' keys (task ids), in order; when empty the column says 'No tasks in {column}'. */
  cardKeys?: readonly string[];
  /** The card at an index of `cardKeys` (only the cards in and near view are rendered). */
  renderCard?(index: number): ReactNode;
  /** The index of the card being dragged (kept rendered while the column scrolls), -1 for none. */
  activeIndex?: number;
  /** The body scrolls itself (time slots) instead of the column; it is the children. */
  customBody?: boolean;
  children?: ReactNode;
  className?: string;
  ref?: Ref<HTMLElement>;
}

/**
 * A daily board column: title with a count, an empty state, and a drop target. Its cards
 * are virtualized (only those in and near view are in the DOM); the whole column is the drop target.
 */
export function BoardColumn({
  column,
  count,
  tools,
  cardKeys = [],
  renderCard,
  activeIndex = -1,
  customBody,
  children,
  className = '',
  ref,
}: BoardColumnProps) {
  const { setNodeRef, isOver, active } = useDroppable({ id: columnDropId(column), data: { column } });
  const title = columnTitle(column);
  const style = COLUMN_STYLE[column];
  const headingId = `board-column-${column}`;
  return (
    <section
      ref={(node) => {
        setNodeRef(node);
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      data-drop-target={columnDropId(column)}
      aria-labelledby={headingId}
      // A target for `[` / `]` (focus moves between columns), not a Tab stop.
      tabIndex={-1}
      data-testid="board-column"
      data-column={column}
      className={`relative flex min-h-0 flex-col overflow-hidden rounded-xl border transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
        isOver
          ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/50'
          : active
            ? 'border-dashed border-slate-300 bg-slate-100'
            : 'border-slate-200 bg-slate-100/70'
      } ${className}`}
    >
      <span aria-hidden="true" className={`absolute inset-x-0 top-0 h-1 ${style.accent}`} />
      <header className="flex flex-col gap-2 px-2.5 pt-3.5 pb-2">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="min-w-0 text-sm leading-tight font-semibold text-slate-900">
            {title}
          </h2>
          <span
            className={`min-w-6 rounded-full px-2 py-0.5 text-center text-xs font-semibold tabular-nums ${style.count}`}
            data-testid="column-count"
            aria-label={`${count} tasks`}
          >
            {count}
          </span>
        </div>
        {tools}
      </header>
      {customBody ? (
        children
      ) : (
        // Never sideways: a keyboard drag's arrow key would scroll a column that can (dnd-kit scrolls before it moves).
        <div className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto overscroll-contain px-2 pt-1 pb-20" data-testid="column-scroller">
          {cardKeys.length === 0 || !renderCard ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-xs text-slate-600">No tasks in {title}</p>
          ) : (
            <VirtualRows count={cardKeys.length} rowKey={(i) => cardKeys[i]} renderRow={renderCard} estimateSize={150} gap={8} keepIndex={activeIndex} />
          )}
        </div>
      )}
    </section>
  );
}
