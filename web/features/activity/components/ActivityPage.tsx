import { useEffect, useMemo, useRef, useState } from 'react';
import { useUrlSearchText } from '../../../lib/useUrlSearchText';
import { useSearchParams } from 'react-router-dom';
import { displayName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/Button';
import { EmptyState, Loading } from '../../../ui/States';
import { Icon } from '../../../ui/icons';
import type { ActivityFilter } from '../../../gql/graphql';
import { TaskDetailsDialog, usePickerOptions } from '../../task';
import { inputClass, Select } from '../../../ui/FormControls';
import { useActivityTimeline } from '../hooks/useActivityTimeline';
import { useRestoreFromAudit } from '../hooks/useRestoreFromAudit';
import { ActivityEntry } from './ActivityEntry';
import { dayHeading, groupByDay } from '../activity-days';

const ACTIONS = ['created', 'updated', 'moved', 'rescheduled', 'deleted', 'restored'];

/**
 * Activity Timeline (/activity): text, user, action and date filters (in the URL), entries grouped by
 * day with counts, diffs with '+N more changes', infinite scroll, live additions on top, and restore
 * of a version or a deleted task.
 */
export default function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const userId = params.get('user') ?? '';
  const action = params.get('action') ?? '';
  const date = params.get('date') ?? '';
  const set = (key: string, value: string, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace },
    );
  const { text, setText, clear } = useUrlSearchText(q, (value) => set('q', value, true));

  const filter = useMemo<ActivityFilter>(() => {
    const f: ActivityFilter = {};
    if (q.trim()) f.q = q.trim();
    if (userId) f.userId = userId;
    if (action) f.action = action;
    if (date) {
      f.from = date;
      f.to = date;
    }
    return f;
  }, [q, userId, action, date]);

  const { entries, totalCount, dayCounts, hasMore, loadMore, refreshHead, loading, fetching, error, refetch } = useActivityTimeline(filter);
  const { people } = usePickerOptions();
  const names = useMemo(() => new Map(people.map((u) => [u.id, displayName(u)])), [people]);
  const { restore, restoring } = useRestoreFromAudit(() => void refreshHead());
  const [openTask, setOpenTask] = useState<string | null>(null);
  const groups = useMemo(() => groupByDay(entries), [entries]);
  const filtered = !!(q || userId || action || date);

  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const observer = new IntersectionObserver((list) => list.some((e) => e.isIntersecting) && loadMore(), { rootMargin: '400px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  return (
    <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Activity Timeline</h1>

      <section aria-label="Activity filters" className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]">
        <label className="relative min-w-0">
          <span className="sr-only">Search activity</span>
          <Icon.Search className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" width={16} height={16} />
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search activity..." className={`${inputClass} pl-9`} />
        </label>
        <Select aria-label="User" value={userId} onChange={(e) => set('user', e.target.value)}>
          <option value="">All users</option>
          {people.map((u) => (
            <option key={u.id} value={u.id}>
              {displayName(u)}
            </option>
          ))}
        </Select>
        <Select aria-label="Action" value={action} onChange={(e) => set('action', e.target.value)}>
          <option value="">All actions</option>
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a[0].toUpperCase() + a.slice(1)}
            </option>
          ))}
        </Select>
        <input type="date" aria-label="Date" value={date} onChange={(e) => set('date', e.target.value)} className={inputClass} />
        <Button
          variant="ghost"
          disabled={!filtered}
          onClick={() => {
            clear();
            setParams(new URLSearchParams());
          }}
        >
          Clear
        </Button>
      </section>

      {!loading && !error && entries.length > 0 && (
        <p className="text-sm text-slate-600" role="status">
          {totalCount} {totalCount === 1 ? 'activity' : 'activities'}
        </p>
      )}

      {loading ? (
        <Loading />
      ) : error ? (
        <EmptyState
          title="Failed to fetch audit logs"
          action={
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(error, 'The activity could not be loaded.')}
        </EmptyState>
      ) : entries.length === 0 ? (
        <EmptyState title="No activity found">{filtered ? 'Try other filters.' : null}</EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          {groups.map((g) => {
            // The day's count over every matching entry (server), not only the entries loaded so far.
            const count = Math.max(dayCounts.get(g.day) ?? 0, g.entries.length);
            return (
              <section key={g.day} aria-labelledby={`day-${g.day}`} data-testid="activity-day">
                <h2 id={`day-${g.day}`} className="mb-2 flex items-baseline gap-2 text-sm font-semibold text-slate-700">
                  {dayHeading(g.day)}
                  <span className="text-xs font-normal text-slate-500" data-testid="activity-day-count">
                    {count} {count === 1 ? 'activity' : 'activities'}
                  </span>
                </h2>
                <ol className="flex flex-col gap-2">
                  {g.entries.map((entry) => (
                    <ActivityEntry
                      key={entry.id}
                      entry={entry}
                      names={names}
                      restoring={restoring}
                      onOpenTask={setOpenTask}
                      onRestore={(e) => void restore(e.id, e.restore === 'task' ? 'task' : 'version')}
                    />
                  ))}
                </ol>
              </section>
            );
          })}
        </div>
      )}
      <div ref={sentinel} aria-hidden="true" />
      {hasMore && !loading && (
        <div className="flex justify-center">
          <Button variant="ghost" size="sm" onClick={loadMore} disabled={fetching}>
            {fetching ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
      <TaskDetailsDialog taskId={openTask} onClose={() => setOpenTask(null)} />
    </div>
  );
}
