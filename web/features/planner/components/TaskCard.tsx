import { focusCard, isPlainKey } from '../../keyboard';
import type { CSSProperties, HTMLAttributes, KeyboardEvent, MouseEvent, ReactNode, Ref } from 'react';
import { plainMentions } from '../../../../schema/domain/mentions';
import { twelveHourLabel } from '../../../../schema/domain/task-rules';
import { graphql } from '../../../gql';
import { displayName } from '../../../lib/auth';
import { Avatar, initials } from '../../../ui/Avatar';
import { Badge } from '../../../ui/Badge';
import { Icon } from '../../../ui/icons';
import { Progress } from '../../../ui/Progress';
import { Tooltip } from '../../../ui/Tooltip';
import { monthDay } from '../../../lib/dates';
import { currentConfigLabels, useConfigLabels } from '../config-labels';
import { usePlannerActions } from '../hooks/usePlannerActions';
import type { PlannerTask } from '../planner-model';
import { MoveToMenu, stopDrag } from './MoveToMenu';
import { PresenceAvatars, useCardPresence } from '../../presence';

/** The fields a task card shows (and the planner's lists are built from): the base every task screen shares. */
export const TaskCardFragment = graphql(`
  fragment TaskCard_task on Task {
    ...TaskBase_task
  }
`);

/** The short form of an id (its first 8 characters), shown in tooltips and the details. */
export const shortId = (id: string): string => id.slice(0, 8);

export interface TaskCardProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  task: PlannerTask;
  /** The ids of the list the card is shown in (previous/next in the details sheet). */
  listIds: string[];
  /** A smaller card (time slots). */
  compact?: boolean;
  /** Select mode of the master list. */
  selectable?: boolean;
  selected?: boolean;
  onSelectedChange?(selected: boolean): void;
  /** The drag handle (daily board). */
  dragHandle?: ReactNode;
  /** Extra actions under the card (pending-from-before). */
  footer?: ReactNode;
  /** The lifted copy that follows the pointer while dragging. */
  overlay?: boolean;
  /** The card's place while its copy is being dragged. */
  placeholder?: boolean;
  ref?: Ref<HTMLElement>;
  style?: CSSProperties;
}

/**
 * A task card: title, description, priority and category badges, hours, progress, due date,
 * assignee (avatar with initials and, from 640 px, the name; the short id in the tooltip), completed date, subtasks, delete.
 * Focus (or click) selects the card; Enter or Space opens its details; e, j/k, x and c are its
 * shortcuts (edit, next/previous card, select, complete).
 */
export function TaskCard({
  task,
  listIds,
  compact,
  selectable,
  selected,
  onSelectedChange,
  dragHandle,
  footer,
  overlay,
  placeholder,
  ref,
  className = '',
  onKeyDown,
  ...rest
}: TaskCardProps) {
  const actions = usePlannerActions();
  const labels = useConfigLabels();
  const priority = labels.priority(task.priority);
  const category = labels.category(task.category);
  const open = () => actions.openDetails(task.id, listIds);
  const done = task.status === 'DONE';
  const present = useCardPresence(task.id);

  const keyDown = (e: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
      return;
    }
    if (!isPlainKey(e) || overlay || placeholder) return;
    // The card shortcuts (the '?' cheat sheet lists them).
    const handled =
      e.key === 'e'
        ? (open(), true)
        : e.key === 'j' || e.key === 'k'
          ? focusCard(e.currentTarget, e.key === 'j' ? 1 : -1)
          : e.key === 'x' && onSelectedChange
            ? (onSelectedChange(!selected), true)
            : e.key === 'c' && !done
              ? (void actions.move(task, { column: 'COMPLETED' }), true)
              : false;
    if (handled) e.preventDefault();
  };

  // A click anywhere on the card opens it, except on its own controls (checkbox, menu, delete).
  const click = (e: MouseEvent<HTMLElement>) => {
    if (overlay || placeholder) return;
    if ((e.target as HTMLElement).closest('button, a, input, select, textarea, [role="menu"], [role="menuitem"]')) return;
    open();
  };

  const assigneeName = task.assignedTo ? displayName(task.assignedTo) : task.assignedToId ? 'Unknown User' : 'Unassigned';

  return (
    <article
      ref={ref}
      tabIndex={0}
      aria-label={task.title}
      aria-keyshortcuts="Enter e j k x c"
      data-testid="task-card"
      data-task-id={task.id}
      onKeyDown={keyDown}
      onClick={click}
      className={`group relative @container cursor-pointer rounded-lg border bg-white text-left shadow-sm transition-shadow outline-none select-none [-webkit-touch-callout:none] focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus:border-brand-500/50 ${
        selected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200'
      } ${overlay ? 'rotate-1 shadow-xl ring-2 ring-brand-500' : 'hover:shadow-md'} ${placeholder ? 'opacity-40' : ''} ${compact ? 'p-2' : 'p-3'} ${className}`}
      {...rest}
    >
      <div className="flex items-start gap-2">
        {selectable && (
          <input
            type="checkbox"
            checked={!!selected}
            onChange={(e) => onSelectedChange?.(e.target.checked)}
            {...stopDrag}
            aria-label={`Select ${task.title}`}
            className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600"
          />
        )}
        {dragHandle}
        <div className="min-w-0 flex-1">
          <button
            type="button"
            tabIndex={-1}
            onClick={open}
            className={`block w-full text-left font-medium break-words text-slate-900 hover:text-brand-700 ${compact ? 'line-clamp-1 text-xs' : 'line-clamp-2 text-sm'} ${done ? 'text-slate-500 line-through decoration-slate-400' : ''}`}
          >
            {task.title}
          </button>
          {!compact && task.description && <p className="mt-1 line-clamp-2 text-xs break-words text-slate-500">{plainMentions(task.description)}</p>}
        </div>
        {!overlay && <MoveToMenu task={task} compact={compact} />}
      </div>

      {!compact && (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <Badge tone={priority.tone}>{priority.label}</Badge>
            <Badge tone={category.tone}>{category.label}</Badge>
            {task.estimatedHours ? (
              <span className="inline-flex items-center gap-1 text-xs text-slate-600" aria-label={`Estimated ${task.estimatedHours} hours`}>
                <Icon.Clock width={13} height={13} />
                {task.estimatedHours}h
              </span>
            ) : null}
            {task.subtaskCount.total > 0 && (
              <Badge tone={task.subtaskCount.done === task.subtaskCount.total ? 'green' : 'slate'}>
                <span aria-label={`${task.subtaskCount.done} of ${task.subtaskCount.total} subtasks done`} className="inline-flex items-center gap-1">
                  <Icon.Check width={12} height={12} />
                  {task.subtaskCount.done}/{task.subtaskCount.total}
                </span>
              </Badge>
            )}
            {task.attachmentCount > 0 && (
              <span
                className="inline-flex items-center gap-0.5 text-xs text-slate-600"
                aria-label={task.attachmentCount === 1 ? '1 file' : `${task.attachmentCount} files`}
                data-testid="card-attachments"
              >
                <Icon.Paperclip width={13} height={13} />
                {task.attachmentCount}
              </span>
            )}
          </div>
          {task.progress > 0 && (
            <div className="mt-2 flex items-center gap-2">
              <Progress value={task.progress} label={`Progress ${task.progress}%`} />
              <span className="w-8 shrink-0 text-right text-[11px] text-slate-500 tabular-nums">{task.progress}%</span>
            </div>
          )}
        </>
      )}

      <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 ${compact ? 'mt-1' : 'mt-2'}`}>
        {task.scheduledTime && task.column === 'TODAY' && (
          <span className="inline-flex items-center gap-1 font-medium text-brand-700">
            <Icon.Clock width={12} height={12} />
            {twelveHourLabel(task.scheduledTime)}
          </span>
        )}
        {!compact && task.dueDate && <span className={task.isOverdue ? 'font-medium text-red-700' : ''}>Due {monthDay(task.dueDate)}</span>}
        {!compact && done && task.completedAt && <span className="text-emerald-700">Completed {monthDay(task.completedAt)}</span>}
        {!compact && (
          <Tooltip className="max-w-full min-w-0" content={task.assignedToId ? `${assigneeName} · ${shortId(task.assignedToId)}` : assigneeName}>
            <span data-testid="task-assignee" className="inline-flex max-w-full min-w-0 items-center gap-1.5 text-slate-700">
              <Avatar id={task.assignedToId} text={initials(task.assignedTo)} />
              {/* Phones show the avatar alone (the name is for screen readers and the tooltip). */}
              <span className="sr-only sm:not-sr-only sm:truncate">
                <span className="sr-only">Assigned to </span>
                {assigneeName}
              </span>
            </span>
          </Tooltip>
        )}
        {!overlay && <PresenceAvatars viewers={present} size={compact ? 14 : 18} className="ml-auto" />}
        {!compact && !overlay && task.viewerCan.delete && (
          <button
            type="button"
            onClick={() => actions.requestDelete(task)}
            {...stopDrag}
            aria-label={`Delete ${task.title}`}
            className={`-m-1.5 rounded-md ${present.length > 0 ? 'ml-1' : 'ml-auto'} p-2 text-slate-400 hover:bg-red-50 hover:text-red-600`}
          >
            <Icon.Trash width={15} height={15} />
          </button>
        )}
      </div>
      {footer}
    </article>
  );
}

/** A priority's tone and label as last read from the configured items, for the calendar's dots (read when they render). */
export const priorityTone = (priority: string) => currentConfigLabels().priority(priority).tone;
export const priorityLabel = (priority: string): string => currentConfigLabels().priority(priority).label;
