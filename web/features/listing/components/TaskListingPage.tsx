import { useEffect, useMemo, useRef, useState } from 'react';
import { useUrlSearchText } from '../../../lib/useUrlSearchText';
import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/Button';
import { EmptyState, Loading } from '../../../ui/States';
import { Icon } from '../../../ui/icons';
import { TaskDetailsDialog } from '../../task';
import { inputClass, Select } from '../../../ui/FormControls';
import { useListingState } from '../hooks/useListingState';
import { useListingTasks } from '../hooks/useListingTasks';
import { exportUrl, FILTER_KEYS, SORT_FIELDS, type ListingState } from '../listing-model';
import { FiltersPanel } from './FiltersPanel';
import { TaskCards, TaskTable } from './ListingResults';
import { ViewControls } from './ViewControls';

/**
 * Task Listing (/task-listing): search, single-select filters, sort, Table/Cards, saved views, Export, a
 * detail dialog with previous/next. Everything is queried on the server; the state lives in the URL.
 */
export default function TaskListingPage() {
  const { state, update } = useListingState();
  const { tasks, totalCount, hasMore, loadMore, loading, fetching, error, refetch } = useListingTasks(state);
  const activeFilters = FILTER_KEYS.filter((k) => state[k]).length;
  const [showFilters, setShowFilters] = useState(activeFilters > 0);
  const [openId, setOpenId] = useState<string | null>(null);
  // The search box writes to the URL shortly after typing stops (one history entry per search).
  const { text: search, setText: setSearch, clear: clearSearch } = useUrlSearchText(state.q, (q) => update({ q }, { replace: true }));

  const change = (patch: Partial<ListingState>) => update(patch);
  const clearAll = () => {
    clearSearch();
    update({ q: '', project: '', status: '', tag: '', assignee: '', category: '', priority: '', from: '', to: '', spent: '', view: '' });
  };

  // Infinite scroll: the next page loads when the end of the list comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: '400px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  const ids = useMemo(() => tasks.map((t) => t.id), [tasks]);
  // Stepping through the dialog to the last loaded task loads the next page, so 'Next' goes on.
  useEffect(() => {
    if (openId && hasMore && ids.indexOf(openId) >= ids.length - 2) loadMore();
  }, [openId, ids, hasMore, loadMore]);
  const layoutButton = (value: ListingState['layout'], label: string) => (
    <button
      type="button"
      aria-pressed={state.layout === value}
      onClick={() => change({ layout: value })}
      className={`h-8 px-3 text-sm font-medium ${state.layout === value ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
    >
      {label}
    </button>
  );

  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Task Listing</h1>
        <ViewControls state={state} onApply={(patch) => update(patch)} />
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <label className="relative min-w-0 flex-1 basis-56">
          <span className="sr-only">Search tasks</span>
          <Icon.Search className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" width={16} height={16} />
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search tasks..." className={`${inputClass} pl-9`} />
        </label>
        <Button variant="outline" size="sm" aria-expanded={showFilters} onClick={() => setShowFilters((s) => !s)}>
          Filters{activeFilters > 0 && <span className="rounded-full bg-brand-100 px-1.5 text-xs text-brand-700">{activeFilters}</span>}
        </Button>
        <Button variant="ghost" size="sm" onClick={clearAll} disabled={activeFilters === 0 && !state.q && !state.view}>
          Clear All
        </Button>
        <div className="flex items-center gap-1">
          <label className="sr-only" htmlFor="listing-sort">
            Sort by
          </label>
          <Select id="listing-sort" className="h-8! w-auto py-0" value={state.sort} onChange={(e) => change({ sort: e.target.value as ListingState['sort'] })}>
            {SORT_FIELDS.map((s) => (
              <option key={s.value} value={s.value}>
                Sort: {s.label}
              </option>
            ))}
          </Select>
          <Button
            variant="outline"
            size="sm"
            onClick={() => change({ order: state.order === 'asc' ? 'desc' : 'asc' })}
            title={state.order === 'asc' ? 'Switch to descending' : 'Switch to ascending'}
          >
            <span aria-hidden="true">{state.order === 'asc' ? '↑' : '↓'}</span>&nbsp;{state.order === 'asc' ? 'Ascending' : 'Descending'}
          </Button>
        </div>
        <div role="group" aria-label="Layout" className="flex overflow-hidden rounded-md border border-slate-300">
          {layoutButton('table', 'Table')}
          {layoutButton('cards', 'Cards')}
        </div>
        <Button variant="outline" size="sm" onClick={() => downloadCsv(exportUrl(state))}>
          Export
        </Button>
      </div>

      {showFilters && <FiltersPanel state={state} onChange={change} />}

      <p className="text-sm text-slate-600" role="status" data-testid="listing-count">
        {loading ? 'Loading tasks...' : `${totalCount} task(s) found`}
      </p>

      {loading ? (
        <Loading />
      ) : error ? (
        <EmptyState
          title="Failed to load tasks"
          action={
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(error, 'The tasks could not be loaded.')}
        </EmptyState>
      ) : tasks.length === 0 ? (
        <EmptyState title="No tasks found">Try other filters or clear them.</EmptyState>
      ) : state.layout === 'table' ? (
        <>
          <TaskTable tasks={tasks} columns={state.cols} onOpen={setOpenId} />
          <TaskCards tasks={tasks} columns={state.cols} onOpen={setOpenId} className="md:hidden" />
        </>
      ) : (
        <TaskCards tasks={tasks} columns={state.cols} onOpen={setOpenId} />
      )}
      <div ref={sentinel} aria-hidden="true" />
      {hasMore && !loading && (
        <div className="flex justify-center">
          <Button variant="ghost" size="sm" onClick={loadMore} disabled={fetching}>
            {fetching ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}

      <TaskDetailsDialog taskId={openId} onClose={() => setOpenId(null)} taskIds={ids} totalCount={totalCount} onNavigate={setOpenId} />
    </div>
  );
}

/** Downloads the export through a link (the server names the file), so the session cookie goes along. */
function downloadCsv(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = 'tasks.csv';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
