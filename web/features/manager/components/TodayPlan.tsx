import { useId, useState, type FormEvent } from 'react';
import type { ManagerDashboardQuery, ManagerTask_TaskFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/States';
import { useSetCapacity } from '../hooks/useSetCapacity';

type Today = ManagerDashboardQuery['managerDashboard']['today'];
type Person = Today['people'][number];

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** A task without an estimate takes one 30-minute slot (the planner's slot length) on the axis. */
const durationOf = (task: ManagerTask_TaskFragment): number => Math.max(30, Math.round((task.estimatedHours ?? 0) * 60));
const hourLabel = (hour: number): string => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`;
const hours = (n: number): string => `${Number.isInteger(n) ? n : n.toFixed(1).replace(/\.0$/, '')} h`;

/** The hour range every row shares: 8 AM to 6 PM, widened to fit the earliest and latest timed task. */
export function hourAxis(people: Person[]): { start: number; end: number } {
  let start = 8 * 60;
  let end = 18 * 60;
  for (const p of people) {
    for (const t of p.tasks) {
      if (!t.scheduledTime) continue;
      const from = minutesOf(t.scheduledTime);
      start = Math.min(start, Math.floor(from / 60) * 60);
      end = Math.max(end, Math.min(24 * 60, Math.ceil((from + durationOf(t)) / 60) * 60));
    }
  }
  return { start, end };
}

const LANE_PX = 32;

/** Overlapping timed tasks go to separate lanes (first lane free at the task's start), so none hides another. */
export function laneOf(tasks: ManagerTask_TaskFragment[]): { lanes: Map<string, number>; count: number } {
  const ends: number[] = [];
  const lanes = new Map<string, number>();
  for (const t of tasks) {
    const from = minutesOf(t.scheduledTime!);
    let lane = ends.findIndex((end) => end <= from);
    if (lane < 0) lane = ends.length;
    ends[lane] = from + durationOf(t);
    lanes.set(t.id, lane);
  }
  return { lanes, count: Math.max(1, ends.length) };
}

interface TodayPlanProps {
  today: Today;
  /** Admins edit a person's capacity inline. */
  canEditCapacity: boolean;
  /** After a capacity is saved: the page reloads its figures. */
  onCapacitySaved(): void;
  onOpen(id: string, ids: string[]): void;
}

/**
 * The Today tab: each reportee's timed tasks for today on one shared hour axis, their untimed tasks
 * below, planned hours against their daily capacity (over capacity in red). Admins edit a person's
 * capacity inline.
 */
export function TodayPlan({ today, canEditCapacity, onCapacitySaved, onOpen }: TodayPlanProps) {
  if (today.people.length === 0) return <EmptyState title="No team members yet">People who report to you appear here with their plan for today.</EmptyState>;
  const axis = hourAxis(today.people);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-500">
        Plans for {new Date(`${today.date}T12:00:00`).toLocaleDateString(undefined, { weekday: 'long', month: 'short', day: 'numeric' })}: planned hours are the
        sum of the estimates of today's tasks.
      </p>
      <ul className="flex flex-col gap-3">
        {today.people.map((person) => (
          <PersonDay key={person.user.id} person={person} axis={axis} canEditCapacity={canEditCapacity} onCapacitySaved={onCapacitySaved} onOpen={onOpen} />
        ))}
      </ul>
    </div>
  );
}

function PersonDay({
  person,
  axis,
  canEditCapacity,
  onCapacitySaved,
  onOpen,
}: Omit<TodayPlanProps, 'today'> & { person: Person; axis: { start: number; end: number } }) {
  const timed = person.tasks.filter((t) => t.scheduledTime);
  const untimed = person.tasks.filter((t) => !t.scheduledTime);
  const ids = person.tasks.map((t) => t.id);
  const span = axis.end - axis.start;
  const load = person.capacityHours > 0 ? Math.min(100, (person.plannedHours / person.capacityHours) * 100) : 100;
  const headingId = useId();
  const { lanes, count: laneCount } = laneOf(timed);
  return (
    <li
      aria-labelledby={headingId}
      data-testid="today-person"
      className={`flex min-w-0 flex-col gap-3 rounded-lg border bg-white p-3 shadow-sm sm:p-4 ${person.overCapacity ? 'border-red-300 ring-1 ring-red-200' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={headingId} className="w-full min-w-0 truncate font-semibold text-slate-900 sm:w-auto sm:flex-1">
          {person.user.name}
        </h3>
        <span className={`text-sm ${person.overCapacity ? 'font-semibold text-red-700' : 'text-slate-700'}`} data-testid="today-hours">
          {hours(person.plannedHours)} planned of {hours(person.capacityHours)}
        </span>
        {person.overCapacity && <Badge tone="red">Over capacity</Badge>}
        {canEditCapacity && <CapacityEditor person={person} onSaved={onCapacitySaved} />}
      </div>
      <div
        role="meter"
        aria-label={`${person.user.name}: planned hours against capacity`}
        aria-valuemin={0}
        aria-valuemax={person.capacityHours}
        aria-valuenow={Math.min(person.plannedHours, person.capacityHours)}
        aria-valuetext={`${hours(person.plannedHours)} of ${hours(person.capacityHours)}`}
        className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${person.overCapacity ? 'bg-red-500' : 'bg-emerald-500'}`} style={{ width: `${load}%` }} />
      </div>

      {person.tasks.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing planned for today</p>
      ) : (
        <>
          {timed.length > 0 && (
            // The axis keeps a readable width; on phones it scrolls inside the row, never the page.
            <div className="-mx-1 overflow-x-auto px-1 pb-1">
              <div className="relative min-w-[560px]">
                <div className="relative h-5 text-[11px] text-slate-500" aria-hidden="true">
                  {Array.from({ length: span / 60 + 1 }, (_, i) => axis.start / 60 + i).map((h) => (
                    <span
                      key={h}
                      className="absolute -translate-x-1/2 whitespace-nowrap first:translate-x-0 last:-translate-x-full"
                      style={{ left: `${((h * 60 - axis.start) / span) * 100}%` }}
                    >
                      {hourLabel(h)}
                    </span>
                  ))}
                </div>
                <ol
                  className="relative rounded-md border border-slate-200 bg-slate-50"
                  style={{ height: laneCount * LANE_PX + 10 }}
                  aria-label={`${person.user.name}'s timed tasks`}
                >
                  {Array.from({ length: span / 60 - 1 }, (_, i) => i + 1).map((i) => (
                    <li
                      key={`grid-${i}`}
                      aria-hidden="true"
                      className="absolute top-0 bottom-0 border-l border-slate-200"
                      style={{ left: `${((i * 60) / span) * 100}%` }}
                    />
                  ))}
                  {timed.map((t) => {
                    const from = minutesOf(t.scheduledTime!);
                    const left = ((from - axis.start) / span) * 100;
                    const width = (Math.min(durationOf(t), axis.end - from) / span) * 100;
                    return (
                      <li
                        key={t.id}
                        className="absolute"
                        style={{ left: `${left}%`, width: `${width}%`, top: 4 + (lanes.get(t.id) ?? 0) * LANE_PX, height: LANE_PX - 4 }}
                      >
                        <button
                          type="button"
                          onClick={() => onOpen(t.id, ids)}
                          title={`${t.scheduledTime} ${t.title}${t.estimatedHours ? ` (${hours(t.estimatedHours)})` : ''}`}
                          className={`h-full w-full truncate rounded border border-white/60 px-1.5 text-left text-xs font-medium text-white focus:ring-2 focus:ring-brand-500/50 focus:outline-none ${t.status === 'DONE' ? 'bg-emerald-600' : 'bg-brand-600 hover:bg-brand-700'}`}
                          data-testid="today-slot"
                        >
                          <span className="sr-only">{t.scheduledTime} </span>
                          {t.title}
                        </button>
                      </li>
                    );
                  })}
                </ol>
              </div>
            </div>
          )}
          {untimed.length > 0 && (
            <div className="flex flex-wrap items-center gap-1.5 text-sm">
              <span className="text-xs text-slate-500">No time set:</span>
              {untimed.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  onClick={() => onOpen(t.id, ids)}
                  className="max-w-full truncate rounded-full border border-slate-300 bg-white px-2.5 py-0.5 text-xs text-slate-700 hover:bg-slate-50 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
                >
                  {t.title}
                  {t.estimatedHours ? ` · ${hours(t.estimatedHours)}` : ''}
                </button>
              ))}
            </div>
          )}
        </>
      )}
    </li>
  );
}

/** Inline edit of a person's daily capacity (admins): 0.5 to 24 hours in steps of 0.5. */
function CapacityEditor({ person, onSaved }: { person: Person; onSaved(): void }) {
  const id = useId();
  const { toast } = useToast();
  const setCapacity = useSetCapacity();
  const [value, setValue] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (value === null) {
    return (
      <Button variant="outline" size="sm" onClick={() => setValue(String(person.capacityHours))} aria-label={`Edit daily capacity of ${person.user.name}`}>
        Edit capacity
      </Button>
    );
  }
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const hoursValue = Number(value);
    if (value.trim() === '' || !Number.isFinite(hoursValue) || hoursValue < 0.5 || hoursValue > 24 || !Number.isInteger(hoursValue * 2)) {
      setProblem('Enter 0.5 to 24 hours, in steps of 0.5');
      return;
    }
    setSaving(true);
    try {
      await setCapacity(person.user.id, hoursValue);
      onSaved();
      toast({ title: 'User updated successfully', description: `${person.user.name}'s daily capacity is now ${hours(hoursValue)}.` });
      setValue(null);
      setProblem(null);
    } catch (err) {
      toast({ title: 'Error updating user', description: errorMessage(err, 'Failed to update user'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={save} noValidate className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
      <label htmlFor={id} className="text-sm text-slate-700">
        Daily capacity (hours)
      </label>
      <input
        id={id}
        type="number"
        min={0.5}
        max={24}
        step={0.5}
        value={value}
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setValue(null)}
        className="h-8 w-20 rounded-md border border-slate-300 px-2 text-sm aria-invalid:border-red-500"
      />
      <Button type="submit" size="sm" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setValue(null);
          setProblem(null);
        }}
        disabled={saving}
      >
        Cancel
      </Button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-xs text-red-600">
          {problem}
        </p>
      )}
    </form>
  );
}
