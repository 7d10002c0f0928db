import { useDroppable } from '@dnd-kit/core';
import { useMemo, useState } from 'react';
import { Icon } from '../../../ui/icons';
import { DraggableTaskCard, matchesSearch, type PlannerTask } from '../../planner';
import { PANEL_DROP_ID } from '../calendar-model';

/**
 * The calendars' left panel: Unscheduled Tasks with its own search; a drop target (a
 * scheduled task dropped here is unscheduled) and the source of tasks to drag onto a day.
 */
export function UnscheduledPanel({ tasks, className = '' }: { tasks: PlannerTask[]; className?: string }) {
  const [query, setQuery] = useState('');
  const visible = useMemo(() => tasks.filter((t) => matchesSearch(t, query)), [tasks, query]);
  const ids = useMemo(() => visible.map((t) => t.id), [visible]);
  const { setNodeRef, isOver, active } = useDroppable({ id: PANEL_DROP_ID });
  return (
    <section
      id="calendar-unscheduled-panel"
      ref={setNodeRef}
      data-drop-target={PANEL_DROP_ID}
      aria-labelledby="calendar-unscheduled-title"
      data-testid="unscheduled-panel"
      className={`flex min-h-0 flex-col rounded-xl border transition-colors ${
        isOver
          ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/50'
          : active
            ? 'border-dashed border-slate-300 bg-slate-100'
            : 'border-slate-200 bg-slate-100/70'
      } ${className}`}
    >
      <header className="flex flex-col gap-2 px-2.5 pt-3 pb-2">
        <div className="flex items-center justify-between gap-2">
          <h2 id="calendar-unscheduled-title" className="text-sm font-semibold text-slate-900">
            Unscheduled Tasks
          </h2>
          <span
            className="min-w-6 rounded-full bg-slate-200 px-2 py-0.5 text-center text-xs font-semibold text-slate-800 tabular-nums"
            aria-label={`${tasks.length} tasks`}
          >
            {tasks.length}
          </span>
        </div>
        <div className="relative">
          <Icon.Search className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-slate-400" width={14} height={14} />
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search unscheduled..."
            aria-label="Search unscheduled tasks"
            className="h-9 w-full rounded-md border border-slate-300 bg-white pr-2 pl-8 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
          />
        </div>
      </header>
      <div className="min-h-0 flex-1 space-y-2 overflow-y-auto overscroll-contain px-2 pt-1 pb-3">
        {visible.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-xs text-slate-500">
            {query.trim() ? 'No matching tasks found' : 'No unscheduled tasks'}
          </p>
        ) : (
          visible.map((task) => <DraggableTaskCard key={task.id} task={task} listIds={ids} />)
        )}
      </div>
    </section>
  );
}
