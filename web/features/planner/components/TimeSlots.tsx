import { useDroppable } from '@dnd-kit/core';
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { Icon } from '../../../ui/icons';
import { SLOT_MINUTES, SLOTS_PER_DAY, slotIndexOf, slotSpan, twelveHourLabel } from '../../../../schema/domain/task-rules';
import { useNow } from '../hooks/useNow';
import { usePlannerCreateTask } from '../hooks/usePlannerCreateTask';
import { QuickAddChips, useQuickAddParse, useQuickAddTask } from '../../task';
import type { PlannerTask } from '../planner-model';
import { SLOTS_SCROLLER_ID } from './BoardColumn';
import { DraggableTaskCard } from './DraggableTaskCard';
import { TaskCard } from './TaskCard';

/** A slot every 30 minutes, 80 px each, over 24 hours. */
const SLOT_HEIGHT = 80;
const SLOTS = Array.from({ length: SLOTS_PER_DAY }, (_, i) => {
  const minutes = i * SLOT_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const slotOf = (time: string) => SLOTS[slotIndexOf(time)]!;

/**
 * The inline create of a slot: Enter confirms (blank is ignored), Escape cancels; a failure is only
 * logged. A plain title becomes a task today at this slot's time, In Progress; a line with quick-add tokens (chips show
 * them) goes through quickAddTask, at this slot's time and today unless the line names its own.
 */
function InlineCreate({ time, today, onDone }: { time: string; today: string; onDone(): void }) {
  const { create } = usePlannerCreateTask();
  const { quickAdd } = useQuickAddTask();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const parsed = useQuickAddParse(title);
  const onKeyDown = async (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onDone();
      return;
    }
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      if (parsed.tokens.length === 0) {
        await create({
          title: trimmed,
          column: 'TODAY',
          status: 'IN_PROGRESS',
          scheduledTime: time,
          scheduledDate: today,
          priority: 'medium',
          category: 'dev',
          progress: 0,
        });
      } else {
        const hasDate = parsed.tokens.some((t) => t.kind === 'date');
        await quickAdd(`${trimmed}${hasDate ? '' : ` ${today}`}${parsed.scheduledTime ? '' : ` ${time}`}`);
      }
    } catch (error) {
      console.error('Failed to create task in time slot', error);
    }
    onDone();
  };
  return (
    <div className="flex w-full min-w-0 shrink-0 flex-col gap-1">
      <input
        autoFocus
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => !title.trim() && !busy && onDone()}
        disabled={busy}
        enterKeyHint="done"
        maxLength={500}
        placeholder="Task name, then Enter"
        aria-label={`New task at ${twelveHourLabel(time)}`}
        className="h-9 w-full shrink-0 rounded-md border border-brand-500 bg-white px-2 text-sm shadow-sm focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
      />
      <QuickAddChips parsed={parsed} />
    </div>
  );
}

/** At most this many tasks sit side by side in a slot; the rest open from '+N more'. */
const MAX_LANES = 3;

/** A timed task's place in the slot grid: its first slot, how many slots its estimate spans, its lane. */
export interface SlotPlacement {
  task: PlannerTask;
  start: number;
  span: number;
  lane: number;
  /** Lanes in use where it sits (its width is 1 / lanes of the slot area). */
  lanes: number;
}

/** How many half-hour slots a task covers: its estimated hours rounded up, at least one, never past midnight. */
const spanOf = (task: PlannerTask, start: number) => slotSpan(task.estimatedHours, start);

/**
 * Lays out timed tasks like a calendar day: each starts at its slot and spans its estimate; tasks that
 * overlap sit side by side in lanes (the first free lane, earlier and longer tasks first), at most
 * MAX_LANES; a task that finds no free lane is listed under '+N more' of its slot instead.
 */
export function layoutSlots(tasks: PlannerTask[]): { placed: SlotPlacement[]; hidden: Map<number, PlannerTask[]> } {
  const items = tasks
    .filter((t) => t.scheduledTime)
    .map((task) => {
      const start = SLOTS.indexOf(slotOf(task.scheduledTime!));
      return { task, start, span: spanOf(task, start) };
    })
    .sort((a, b) => a.start - b.start || b.span - a.span);
  const placed: SlotPlacement[] = [];
  const hidden = new Map<number, PlannerTask[]>();
  const laneEnds: number[] = []; // per lane, the slot where its last task ends
  let group: SlotPlacement[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    const lanes = Math.max(1, ...group.map((p) => p.lane + 1));
    for (const p of group) p.lanes = lanes;
    group = [];
  };
  for (const item of items) {
    if (item.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end, i) => i < MAX_LANES && end <= item.start);
    if (lane === -1 && laneEnds.length < MAX_LANES) lane = laneEnds.length;
    if (lane === -1) {
      hidden.set(item.start, [...(hidden.get(item.start) ?? []), item.task]);
      continue;
    }
    laneEnds[lane] = item.start + item.span;
    const placement = { ...item, lane, lanes: 1 };
    placed.push(placement);
    group.push(placement);
    groupEnd = Math.max(groupEnd, item.start + item.span);
  }
  closeGroup();
  return { placed, hidden };
}

/** Room on the right of every slot that tasks never cover: its '+ Add task' stays reachable. */
const ADD_STRIP = 'w-9';

interface SlotProps {
  time: string;
  placements: SlotPlacement[];
  hidden: PlannerTask[];
  listIds: string[];
  editing: boolean;
  today: string;
  onEdit(): void;
  onDone(): void;
  onMore(): void;
}

function Slot({ time, placements, hidden, listIds, editing, today, onEdit, onDone, onMore }: SlotProps) {
  const dropId = `slot:${time}`;
  const { setNodeRef, isOver } = useDroppable({ id: dropId, data: { time } });
  const label = twelveHourLabel(time);
  const onHour = time.endsWith(':00');
  return (
    <div
      role="listitem"
      className={`relative flex border-t ${onHour ? 'border-slate-200' : 'border-dashed border-slate-200/80'}`}
      style={{ height: SLOT_HEIGHT }}
      data-testid="time-slot"
      data-time={time}
    >
      <div className={`w-16 shrink-0 pt-1 pr-2 text-right text-[11px] tabular-nums ${onHour ? 'font-medium text-slate-600' : 'text-slate-600'}`}>{label}</div>
      <div
        ref={setNodeRef}
        data-drop-target={dropId}
        className={`relative flex min-w-0 flex-1 transition-colors ${isOver ? 'bg-brand-100/70 ring-2 ring-brand-500 ring-inset' : ''}`}
      >
        {/* The whole slot adds a task; the cards lie over its left part, the strip on the right stays free. */}
        <button
          type="button"
          onClick={onEdit}
          aria-label={`Add task at ${label}`}
          className="group/add flex w-full items-start justify-end rounded p-1 text-xs text-slate-600 hover:bg-slate-50 focus-visible:bg-slate-50"
        >
          <span
            aria-hidden="true"
            className={`${ADD_STRIP} text-center text-base leading-5 text-slate-400 group-hover/add:text-brand-700 group-focus-visible/add:text-brand-700`}
          >
            +
          </span>
          <span className="sr-only">+ Add task</span>
        </button>
        <div className="pointer-events-none absolute inset-y-0 left-0 right-9">
          {placements.map(({ task, span, lane, lanes }) => (
            <div
              key={task.id}
              data-testid="slot-task"
              data-span={span}
              className="pointer-events-auto absolute z-10 p-0.5"
              style={{ top: 0, height: span * SLOT_HEIGHT, left: `${(lane / lanes) * 100}%`, width: `${100 / lanes}%` }}
            >
              <DraggableTaskCard task={task} listIds={listIds} compact className="h-full overflow-hidden" />
            </div>
          ))}
        </div>
        {hidden.length > 0 && (
          <button
            type="button"
            onClick={onMore}
            className="absolute right-0.5 bottom-1 z-20 rounded-full bg-brand-700 px-1.5 text-[11px] leading-5 font-semibold text-white hover:bg-brand-800"
            aria-label={`${hidden.length} more tasks at ${label}`}
          >
            +{hidden.length}
          </button>
        )}
        {editing && (
          <div className="absolute inset-x-0 top-0 z-30 p-1">
            <InlineCreate time={time} today={today} onDone={onDone} />
          </div>
        )}
      </div>
    </div>
  );
}

/** Every task of a crowded slot (the ones '+N more' stands for, and the ones shown): click one to open it. */
function SlotListDialog({ time, tasks, listIds, onClose }: { time: string; tasks: PlannerTask[]; listIds: string[]; onClose(): void }) {
  return (
    <Dialog open onClose={onClose} title={`Tasks at ${twelveHourLabel(time)}`} size="sm">
      <ul className="flex flex-col gap-2" aria-label={`Tasks at ${twelveHourLabel(time)}`}>
        {tasks.map((task) => (
          <li key={task.id}>
            <TaskCard task={task} listIds={listIds} compact />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/**
 * The day's tasks without a time, above the slots. On a phone it is one line, a count that opens the list
 * on a tap, so that at least six slots stay in view; from 640 px on the list always shows.
 */
function UntimedStrip({ tasks, listIds }: { tasks: PlannerTask[]; listIds: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="border-y border-slate-200 bg-white/60 px-2 py-0.5 sm:py-2" aria-label="Today's tasks without a time" role="region">
      {tasks.length === 0 ? (
        <p className="flex items-baseline gap-2 py-1.5 text-xs text-slate-500 sm:block sm:py-0">
          <span className="text-[11px] font-semibold tracking-wide uppercase sm:mb-1.5 sm:block">No time yet</span>
          All tasks are scheduled
        </p>
      ) : (
        <>
          <p className="mb-1.5 hidden text-[11px] font-semibold tracking-wide text-slate-500 uppercase sm:block">No time yet</p>
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="flex h-8 w-full items-center gap-2 rounded-md text-[11px] font-semibold tracking-wide text-slate-600 uppercase sm:hidden"
          >
            No time yet
            <span className="rounded-full bg-slate-200 px-2 text-xs leading-5 text-slate-800 tabular-nums normal-case">{tasks.length}</span>
            <Icon.ChevronRight width={14} height={14} className={`ml-auto transition-transform ${open ? '-rotate-90' : 'rotate-90'}`} />
          </button>
          <div className={`${open ? 'flex' : 'hidden'} max-h-32 flex-col gap-1 overflow-y-auto sm:flex`}>
            {tasks.map((task) => (
              <DraggableTaskCard key={task.id} task={task} listIds={listIds} compact />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** Where another day's slots open: 8 AM. */
const DAY_START_TOP = ((8 * 60) / SLOT_MINUTES) * SLOT_HEIGHT;

/**
 * Today's Plan as time slots of the board's day `today`: 48 half-hour slots labelled in
 * 12-hour time, a red line at the current time only when that day is today (refreshed every minute,
 * scrolled into view on open; another day opens at 8 AM), the day's tasks in their slot (side by side
 * when they overlap, as tall as their estimate; a fourth overlapping one opens from '+N more'), a strip
 * of the day's tasks without a time; drop a task on a slot to schedule it, click a slot to add one on that day.
 */
export default function TimeSlots({ tasks, listIds, today, isToday = true }: { tasks: PlannerTask[]; listIds: string[]; today: string; isToday?: boolean }) {
  const now = useNow(60_000);
  const scroller = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const lineTop = ((now.getHours() * 60 + now.getMinutes()) / SLOT_MINUTES) * SLOT_HEIGHT;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = Math.max(0, (isToday ? lineTop : DAY_START_TOP) - el.clientHeight / 3);
    // Only when the view opens; later minutes move the line, not the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const [more, setMore] = useState<string | null>(null);
  const untimed = tasks.filter((t) => !t.scheduledTime);
  const { placed, hidden } = useMemo(() => layoutSlots(tasks), [tasks]);
  const startingAt = useMemo(() => {
    const map = new Map<number, SlotPlacement[]>();
    for (const p of placed) map.set(p.start, [...(map.get(p.start) ?? []), p]);
    return map;
  }, [placed]);
  const slotTasks = (time: string) => tasks.filter((t) => t.scheduledTime && slotOf(t.scheduledTime) === time);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <UntimedStrip tasks={untimed} listIds={listIds} />
      <div ref={scroller} id={SLOTS_SCROLLER_ID} className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain bg-white pb-24" data-testid="time-slots">
        <div role="list" aria-label="Time slots" className="relative" style={{ height: SLOTS.length * SLOT_HEIGHT }}>
          {SLOTS.map((time, i) => (
            <Slot
              key={time}
              time={time}
              placements={startingAt.get(i) ?? []}
              hidden={hidden.get(i) ?? []}
              listIds={listIds}
              editing={editing === time}
              today={today}
              onEdit={() => setEditing(time)}
              onDone={() => setEditing((t) => (t === time ? null : t))}
              onMore={() => setMore(time)}
            />
          ))}
          {isToday && (
            <div
              aria-hidden="true"
              data-testid="current-time-line"
              className="pointer-events-none absolute right-0 left-14 z-20 border-t-2 border-red-500"
              style={{ top: lineTop }}
            >
              <span className="absolute -top-[5px] -left-1 h-2 w-2 rounded-full bg-red-500" />
            </div>
          )}
        </div>
      </div>
      {more && <SlotListDialog time={more} tasks={slotTasks(more)} listIds={listIds} onClose={() => setMore(null)} />}
    </div>
  );
}
