import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { onBoardEvent } from '../../../lib/live-start';
import { serialRefetch } from '../../../lib/serial-refetch';
import { DayTimeQuery } from '../time.graphql';

/** Hours with at most one decimal: "6.5 h", "4 h", "0 h". */
export const formatHours = (minutes: number): string => `${Math.round(minutes / 6) / 10} h`;

/** While a timer may run, the spent time is read again this often (it counts up to now). */
const RUNNING_REFRESH_MS = 60_000;

/**
 * The daily board's "Planned 6.5 h · Spent 4 h" with a thin bar of spent against planned, for the
 * board's day and scope (`person`: one person's id or 'unassigned', as the team-member filter narrows
 * it). Read again when a board event arrives (a timer stopped, an entry added, a task planned) and
 * after the viewer's own timer and entry changes (TIME_REFETCH).
 */
export function DayTimeBar({ day, scope, person }: { day: string; scope: string; person: string | null }) {
  const { data, previousData, error, loading, refetch } = useQuery(DayTimeQuery, {
    variables: { day, scope, assignedToId: person },
    fetchPolicy: 'cache-and-network',
    pollInterval: RUNNING_REFRESH_MS,
  });
  useEffect(() => {
    const again = serialRefetch(() => refetch());
    return onBoardEvent(() => again());
  }, [refetch]);

  const time = (data ?? previousData)?.dayTime;
  if (!time) {
    return (
      <div data-testid="day-time" className="mb-1 min-h-4 text-xs leading-4 text-slate-500 sm:mb-2" role="status">
        {error ? (
          <span>
            Planned and spent time could not be loaded.{' '}
            <button type="button" className="font-medium text-brand-700 underline" onClick={() => void refetch()}>
              Try again
            </button>
          </span>
        ) : loading ? (
          'Loading planned time...'
        ) : null}
      </div>
    );
  }
  const { plannedMinutes: planned, spentMinutes: spent } = time;
  const pct = planned > 0 ? Math.min(100, Math.round((spent / planned) * 100)) : spent > 0 ? 100 : 0;
  const over = spent > planned && planned > 0;
  const label = `Planned ${formatHours(planned)} · Spent ${formatHours(spent)}`;
  return (
    <div
      data-testid="day-time"
      className="mb-1 flex min-h-4 min-w-0 items-center gap-2 text-xs leading-4 text-slate-600 sm:mb-2"
      title={over ? `${label} (more than planned)` : label}
    >
      <span className="shrink-0 font-medium whitespace-nowrap" aria-live="polite">
        {planned === 0 && spent === 0 ? 'Nothing planned · Spent 0 h' : label}
      </span>
      <div
        role="progressbar"
        aria-label="Spent against planned"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-1 w-full max-w-48 min-w-12 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${over ? 'bg-amber-500' : 'bg-brand-500'}`} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
