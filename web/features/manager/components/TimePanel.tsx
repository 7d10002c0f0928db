import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import type { ManagerTimeQuery as Data, TimeRange } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import { useLiveRefetch } from '../../../lib/useLiveRefetch';
import { Button } from '../../../ui/Button';
import { EmptyState, Loading } from '../../../ui/States';
import { formatMinutes } from '../../time';
import { ManagerTimeQuery } from '../manager.graphql';

type Time = Data['managerTime'];

interface Row {
  key: string;
  label: string;
  plannedMinutes: number;
  spentMinutes: number;
}

const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const noon = (day: string) => new Date(`${day}T12:00:00`);

/** "Nov 23 – 29, 2026" for a week, "November 2026" for a month. */
export function periodLabel(range: TimeRange, from: string, to: string): string {
  if (range === 'MONTH') return noon(from).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  return new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' }).formatRange(noon(from), noon(to));
}

/** "1h 30m over", "45m under", "On plan"; `short` is the phone's "+1h 30m", "−45m", "0". */
export function difference(planned: number, spent: number): { text: string; short: string; tone: string } {
  if (spent === planned) return { text: 'On plan', short: '0', tone: 'text-slate-500' };
  return spent > planned
    ? { text: `${formatMinutes(spent - planned)} over`, short: `+${formatMinutes(spent - planned)}`, tone: 'text-amber-700' }
    : { text: `${formatMinutes(planned - spent)} under`, short: `\u2212${formatMinutes(planned - spent)}`, tone: 'text-slate-600' };
}

/**
 * The Time tab: planned hours (estimates of the tasks scheduled in the period) against hours spent (time
 * entries), per reportee and per project, for a week or a month, with previous and next. Live: board
 * events (time logged on a task) refresh it.
 */
export function TimePanel() {
  const [range, setRange] = useState<TimeRange>('WEEK');
  // A day of the period shown (null: today's, in the viewer's zone).
  const [start, setStart] = useState<string | null>(null);
  const { data, previousData, loading, error, refetch } = useQuery(ManagerTimeQuery, { variables: { range, start } });
  useLiveRefetch(refetch, !!data);
  const shown = data ?? previousData;
  const time = shown?.managerTime;
  const unit = range === 'WEEK' ? 'week' : 'month';

  return (
    <div className="flex min-w-0 flex-col gap-4" aria-busy={loading || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="inline-flex overflow-hidden rounded-md border border-slate-300" role="group" aria-label="Period">
          {(['WEEK', 'MONTH'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={range === value}
              onClick={() => {
                // Away from today's period, keep its first day: Month after a week shows that week's month.
                if (time && start !== null) setStart(time.from);
                setRange(value);
              }}
              className={`h-8 px-3 text-sm font-medium focus:ring-2 focus:ring-brand-500/30 focus:outline-none focus:ring-inset ${range === value ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
            >
              {value === 'WEEK' ? 'Week' : 'Month'}
            </button>
          ))}
        </div>
        <div className="flex min-w-0 items-center gap-1">
          <Button variant="outline" size="icon" aria-label={`Previous ${unit}`} disabled={!time} onClick={() => time && setStart(addDays(time.from, -1))}>
            <span aria-hidden="true">‹</span>
          </Button>
          <p className="min-w-0 px-1 text-center text-sm font-medium text-slate-800" aria-live="polite" data-testid="time-period">
            {time && time.range === range ? periodLabel(range, time.from, time.to) : '\u00a0'}
          </p>
          <Button variant="outline" size="icon" aria-label={`Next ${unit}`} disabled={!time} onClick={() => time && setStart(addDays(time.to, 1))}>
            <span aria-hidden="true">›</span>
          </Button>
          {start !== null && (
            <Button variant="ghost" size="sm" onClick={() => setStart(null)}>
              This {unit}
            </Button>
          )}
        </div>
      </div>
      <TimeBody time={time} loading={loading} error={error} unit={unit} onRetry={() => void refetch()} />
    </div>
  );
}

function TimeBody({ time, loading, error, unit, onRetry }: { time: Time | undefined; loading: boolean; error: unknown; unit: string; onRetry(): void }) {
  if (!time) {
    if (loading) return <Loading label="Loading time..." />;
    return (
      <EmptyState
        title="Time could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, 'Failed to load planned and spent time')}
      </EmptyState>
    );
  }
  if (time.people.length === 0)
    return <EmptyState title="No team members yet">People who report to you appear here with their planned and spent time.</EmptyState>;
  if (time.plannedMinutes === 0 && time.spentMinutes === 0)
    return (
      <EmptyState title={`No time planned or spent in this ${unit}.`}>
        Planned time is the estimates of tasks scheduled in the {unit}; spent time is logged on tasks.
      </EmptyState>
    );
  const total: Row = { key: 'total', label: 'Total', plannedMinutes: time.plannedMinutes, spentMinutes: time.spentMinutes };
  return (
    <div className={`flex flex-col gap-4 transition-opacity ${loading ? 'opacity-60' : ''}`}>
      <p className="text-sm text-slate-500">Planned is the sum of the estimates of the tasks scheduled in the {unit}; spent is the time logged in it.</p>
      <TimeTable
        caption="Planned and spent per person"
        head="Person"
        testId="time-person"
        rows={time.people.map((p) => ({ key: p.user.id, label: p.user.name, plannedMinutes: p.plannedMinutes, spentMinutes: p.spentMinutes }))}
        total={total}
      />
      <TimeTable
        caption="Planned and spent per project"
        head="Project"
        testId="time-project"
        rows={time.projects.map((p) => ({ key: p.project ?? '', label: p.name, plannedMinutes: p.plannedMinutes, spentMinutes: p.spentMinutes }))}
        total={total}
      />
    </div>
  );
}

/** Spent against planned on one track scaled to the larger: the spent bar, and a mark where the plan ends. */
function CompareBar({ row }: { row: Row }) {
  const scale = Math.max(row.plannedMinutes, row.spentMinutes, 1);
  const over = row.spentMinutes > row.plannedMinutes;
  return (
    <div
      role="img"
      aria-label={`Spent ${formatMinutes(row.spentMinutes)} of ${formatMinutes(row.plannedMinutes)} planned`}
      className="relative mt-1 h-1.5 w-full max-w-48 rounded-full bg-slate-200"
    >
      <div className={`h-full rounded-full ${over ? 'bg-amber-500' : 'bg-brand-600'}`} style={{ width: `${(row.spentMinutes / scale) * 100}%` }} />
      {row.plannedMinutes > 0 && (
        <div className="absolute -top-0.5 -bottom-0.5 w-0.5 -translate-x-1/2 bg-slate-700" style={{ left: `${(row.plannedMinutes / scale) * 100}%` }} />
      )}
    </div>
  );
}

function TimeTable({ caption, head, rows, total, testId }: { caption: string; head: string; rows: Row[]; total: Row; testId: string }) {
  const cell = 'px-2 py-2 text-right whitespace-nowrap tabular-nums sm:px-3';
  const line = (row: Row, isTotal = false) => {
    const diff = difference(row.plannedMinutes, row.spentMinutes);
    return (
      <tr key={row.key} data-testid={isTotal ? `${testId}-total` : testId} className={isTotal ? 'font-semibold' : 'border-t border-slate-100'}>
        <th scope="row" className="max-w-0 px-2 py-2 text-left font-medium text-slate-900 sm:px-3">
          <span className="block truncate" data-testid={`${testId}-name`}>
            {row.label}
          </span>
          {!isTotal && <CompareBar row={row} />}
        </th>
        <td className={cell} data-testid="planned">
          {formatMinutes(row.plannedMinutes)}
        </td>
        <td className={cell} data-testid="spent">
          {formatMinutes(row.spentMinutes)}
        </td>
        <td className={`${cell} ${diff.tone}`} data-testid="difference">
          {/* A phone shows the signed form; the words are read out and shown from sm up. */}
          <span aria-hidden="true" className="sm:hidden">
            {diff.short}
          </span>
          <span className="sr-only sm:not-sr-only">{diff.text}</span>
        </td>
      </tr>
    );
  };
  return (
    // The table fits a phone; a very long name truncates, and anything wider scrolls here, never the page.
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-sm">
        <caption className="px-3 pt-3 pb-1 text-left text-sm font-semibold text-slate-800">{caption}</caption>
        <colgroup>
          <col />
          <col className="w-[4.5rem] sm:w-28" />
          <col className="w-[4.5rem] sm:w-28" />
          <col className="w-[5.5rem] sm:w-32" />
        </colgroup>
        <thead className="text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-2 py-1.5 text-left font-medium sm:px-3">
              {head}
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium sm:px-3">
              Planned
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium sm:px-3">
              Spent
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium sm:px-3">
              <span className="sr-only">Over or under</span>
              <span aria-hidden="true">+/−</span>
            </th>
          </tr>
        </thead>
        <tbody>{rows.map((r) => line(r))}</tbody>
        <tfoot className="border-t-2 border-slate-200 bg-slate-50">{line(total, true)}</tfoot>
      </table>
    </div>
  );
}
