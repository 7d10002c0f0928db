import { useDroppable } from '@dnd-kit/core';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { twelveHourLabel } from '../../../../schema/domain/task-rules';
import { useNow } from '../hooks/useNow';
import { usePlannerCreateTask } from '../hooks/usePlannerCreateTask';
import { QuickAddChips, useQuickAddParse } from '../../task/components/QuickAddChips';
import { useQuickAddTask } from '../../task/hooks/useQuickAddTask';
import type { PlannerTask } from '../planner-model';
import { SLOTS_SCROLLER_ID } from './BoardColumn';
import { DraggableTaskCard } from './DraggableTaskCard';

/** SPEC 9: a slot every 30 minutes, 80 px each, over 24 hours. */
const SLOT_MINUTES = 30;
const SLOT_HEIGHT = 80;
const SLOTS = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) => {
  const minutes = i * SLOT_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const slotOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return SLOTS[Math.floor((h * 60 + m) / SLOT_MINUTES)] ?? SLOTS[0];
};

/**
 * The inline create of a slot: Enter confirms (blank is ignored), Escape cancels; a failure is only
 * logged (SPEC 8). A plain title gets SPEC 4's slot defaults; a line with quick-add tokens (chips show
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
        await create({ title: trimmed, column: 'TODAY', status: 'IN_PROGRESS', scheduledTime: time, scheduledDate: today, priority: 'medium', category: 'dev', progress: 0 });
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

function Slot({ time, tasks, listIds, editing, today, onEdit, onDone }: { time: string; tasks: PlannerTask[]; listIds: string[]; editing: boolean; today: string; onEdit(): void; onDone(): void }) {
  const dropId = `slot:${time}`;
  const { setNodeRef, isOver } = useDroppable({ id: dropId, data: { time } });
  const label = twelveHourLabel(time);
  const onHour = time.endsWith(':00');
  return (
    <div role="listitem" className={`flex border-t ${onHour ? 'border-slate-200' : 'border-dashed border-slate-200/80'}`} style={{ height: SLOT_HEIGHT }} data-testid="time-slot" data-time={time}>
      <div className={`w-16 shrink-0 pt-1 pr-2 text-right text-[11px] tabular-nums ${onHour ? 'font-medium text-slate-600' : 'text-slate-400'}`}>{label}</div>
      <div ref={setNodeRef} data-drop-target={dropId} className={`flex min-w-0 flex-1 flex-col gap-1 overflow-y-auto p-1 transition-colors ${isOver ? 'bg-brand-100/70 ring-2 ring-brand-500 ring-inset' : ''}`}>
        {tasks.map((task) => (
          <DraggableTaskCard key={task.id} task={task} listIds={listIds} compact />
        ))}
        {editing ? (
          <InlineCreate time={time} today={today} onDone={onDone} />
        ) : (
          <button type="button" onClick={onEdit} aria-label={`Add task at ${label}`} className="min-h-4 w-full flex-1 rounded text-left text-xs text-transparent hover:bg-white/70 hover:text-slate-400 focus-visible:text-slate-500">
            + Add task
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * Today's Plan as time slots (SPEC 2.4): 48 half-hour slots labelled in 12-hour time, a red line at the
 * current time (refreshed every minute, scrolled into view on open), today's tasks in their slot,
 * a strip of today's tasks without a time; drop a task on a slot to schedule it, click a slot to add one.
 */
export default function TimeSlots({ tasks, listIds, today }: { tasks: PlannerTask[]; listIds: string[]; today: string }) {
  const now = useNow(60_000);
  const scroller = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const lineTop = ((now.getHours() * 60 + now.getMinutes()) / SLOT_MINUTES) * SLOT_HEIGHT;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = Math.max(0, lineTop - el.clientHeight / 3);
    // Only when the view opens; later minutes move the line, not the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const untimed = tasks.filter((t) => !t.scheduledTime);
  const bySlot = new Map<string, PlannerTask[]>();
  for (const t of tasks) if (t.scheduledTime) bySlot.set(slotOf(t.scheduledTime), [...(bySlot.get(slotOf(t.scheduledTime)) ?? []), t]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-y border-slate-200 bg-white/60 px-2 py-2" aria-label="Today's tasks without a time" role="region">
        <p className="mb-1.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">No time yet</p>
        {untimed.length === 0 ? (
          <p className="text-xs text-slate-500">All tasks are scheduled</p>
        ) : (
          <div className="flex max-h-32 flex-col gap-1 overflow-y-auto">
            {untimed.map((task) => (
              <DraggableTaskCard key={task.id} task={task} listIds={listIds} compact />
            ))}
          </div>
        )}
      </div>
      <div ref={scroller} id={SLOTS_SCROLLER_ID} className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain bg-white" data-testid="time-slots">
        <div role="list" aria-label="Time slots" className="relative" style={{ height: SLOTS.length * SLOT_HEIGHT }}>
          {SLOTS.map((time) => (
            <Slot
              key={time}
              time={time}
              tasks={bySlot.get(time) ?? []}
              listIds={listIds}
              editing={editing === time}
              today={today}
              onEdit={() => setEditing(time)}
              onDone={() => setEditing((t) => (t === time ? null : t))}
            />
          ))}
          <div aria-hidden="true" data-testid="current-time-line" className="pointer-events-none absolute right-0 left-14 z-10 border-t-2 border-red-500" style={{ top: lineTop }}>
            <span className="absolute -top-[5px] -left-1 h-2 w-2 rounded-full bg-red-500" />
          </div>
        </div>
      </div>
    </div>
  );
}
