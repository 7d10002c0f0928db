import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useViewer } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import { EmptyState, Loading } from '../../../ui/States';
import { useDeleteTasks } from '../hooks/useDeleteTasks';
import { QuickAddChips, useQuickAddParse, useQuickAddTask, useUndo } from '../../task';
import { matchesSearch, type PlannerTask } from '../planner-model';
import { LoadBoundary } from '../../../ui/LoadBoundary';
import { SearchBox } from './SearchBox';
import { TaskCard } from './TaskCard';

const SearchResultsDialog = lazy(() => import('./SearchResultsDialog'));
const SEARCH_RESULTS_ID = 'master-list-search-results';
// The virtualizer (about 10 kB gzip) stays out of the sign-in page's download; usePlannerTasks starts
// fetching it together with the tasks, so it is there by the time they are.
const VirtualRows = lazy(() => import('./VirtualRows').then((m) => ({ default: m.VirtualRows })));
const ConfirmDialog = lazy(() => import('../../../ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** `value` once it has stayed the same for `ms`, and `flush` to take it at once (Enter). */
function useDebounced<T>(value: T, ms: number): [T, () => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return [debounced, () => setDebounced(value)];
}

/** Cards per row of the master list's grid, as its classes say: 1, 2 from sm, 3 from xl, 4 from 2xl. */
const GRID_QUERIES = ['(min-width: 40rem)', '(min-width: 80rem)', '(min-width: 96rem)'];
const gridColumns = () => 1 + GRID_QUERIES.filter((q) => window.matchMedia(q).matches).length;
function subscribeGrid(onChange: () => void): () => void {
  const lists = GRID_QUERIES.map((q) => window.matchMedia(q));
  lists.forEach((l) => l.addEventListener('change', onChange));
  return () => lists.forEach((l) => l.removeEventListener('change', onChange));
}

export interface MasterListProps {
  /** Every task loaded (the search results dialog looks past the team-member filter). */
  allTasks: PlannerTask[];
  /** The tasks of the chosen team member(s). */
  tasks: PlannerTask[];
  search: string;
  onSearchChange(value: string): void;
}

/**
 * The Master List panel: search, quick add, select mode with bulk delete, and the search
 * results dialog.
 *
 * Reading of 'master list' (docs/DECISIONS.md, Planner behaviour): the open work of the chosen team member(s),
 * i.e. every task that is not completed, whatever its day. "Other areas" are then the completed
 * tasks and the tasks the team-member filter hides; when the master list has no match for a search
 * but those do, the results dialog opens by itself with the hits grouped by board column.
 */
export function MasterList({ allTasks, tasks, search, onSearchChange }: MasterListProps) {
  const viewer = useViewer();
  const { toast } = useToast();
  const { quickAdd: quickAddTask } = useQuickAddTask();
  const deleteTasks = useDeleteTasks();
  const undo = useUndo();

  const master = useMemo(() => tasks.filter((t) => t.column !== 'COMPLETED'), [tasks]);
  const visible = useMemo(() => master.filter((t) => matchesSearch(t, search)), [master, search]);
  const visibleIds = useMemo(() => visible.map((t) => t.id), [visible]);
  const perRow = useSyncExternalStore(subscribeGrid, gridColumns);

  // The results popover: once per search text, after typing pauses; it never takes the focus itself.
  const [query, flushQuery] = useDebounced(search.trim(), 300);
  const searchInput = useRef<HTMLInputElement>(null);
  const [takeFocus, setTakeFocus] = useState(false);
  const hits = useMemo(() => (query ? allTasks.filter((t) => matchesSearch(t, query)) : []), [allTasks, query]);
  const masterHasMatch = useMemo(() => master.some((t) => matchesSearch(t, query)), [master, query]);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [forcedOpen, setForcedOpen] = useState(false);
  const resultsOpen = !!query && !masterHasMatch && hits.length > 0 && (forcedOpen || dismissedFor !== query);
  const showResults = () => {
    // Only when there is something to show: hits elsewhere and none in the master list.
    const now = search.trim();
    if (!now || master.some((t) => matchesSearch(t, now)) || !allTasks.some((t) => matchesSearch(t, now))) return;
    flushQuery();
    setForcedOpen(true);
    setTakeFocus(true);
  };
  const closeResults = (refocus: boolean) => {
    setDismissedFor(query);
    setForcedOpen(false);
    setTakeFocus(false);
    if (refocus) searchInput.current?.focus();
  };
  // Enter (or Down) moves into the results; Escape closes them and stays in the box.
  const onSearchKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' || e.key === 'ArrowDown') && !e.nativeEvent.isComposing && search.trim()) {
      e.preventDefault();
      showResults();
    } else if (e.key === 'Escape' && resultsOpen) {
      e.preventDefault();
      closeResults(false);
    }
  };

  // Quick add: the line is read by the server (quickAddTask: dates, times, estimate, !priority,
  // #project, @assignee); the chips under the input show what it will understand.
  const [title, setTitle] = useState('');
  const [adding, setAdding] = useState(false);
  const parsed = useQuickAddParse(title);
  const quickAdd = async (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed || adding || !viewer.id) return;
    setAdding(true);
    try {
      await quickAddTask(trimmed);
      setTitle('');
      toast({ title: 'Success', description: 'Task created successfully' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to create task'), variant: 'destructive' });
    } finally {
      setAdding(false);
    }
  };

  // Select mode and bulk delete.
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const deletable = visible.filter((t) => t.viewerCan.delete);
  const chosen = deletable.filter((t) => selected.has(t.id));
  const allChosen = deletable.length > 0 && chosen.length === deletable.length;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen.length > 0 && !allChosen;
  }, [chosen.length, allChosen]);

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const bulkDelete = async () => {
    try {
      const ids = chosen.map((t) => t.id);
      await deleteTasks(ids);
      undo.deleted(ids);
      setConfirming(false);
      stopSelecting();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to delete task'), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="master-list-title" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 id="master-list-title" className="text-lg font-semibold text-slate-900">
            Master List
          </h2>
          <Badge tone="slate">
            <span aria-label={`${visible.length} tasks`}>{visible.length}</span>
          </Badge>
        </div>
        {selecting ? (
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex h-10 cursor-pointer items-center gap-2 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-50">
              <input
                ref={selectAll}
                type="checkbox"
                checked={allChosen}
                disabled={deletable.length === 0}
                onChange={(e) => setSelected(e.target.checked ? new Set(deletable.map((t) => t.id)) : new Set())}
                className="h-5 w-5 rounded border-slate-300 accent-brand-600"
              />
              Select all tasks
            </label>
            <Button variant="danger" size="sm" className="h-10 sm:h-8" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
              <Icon.Trash width={16} height={16} />
              Delete selected ({chosen.length})
            </Button>
            <Button variant="ghost" size="sm" className="h-10 sm:h-8" onClick={stopSelecting}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button variant="outline" size="sm" className="h-10 sm:h-8" onClick={() => setSelecting(true)} disabled={master.length === 0}>
            <Icon.Check width={16} height={16} />
            Select
          </Button>
        )}
      </div>

      <div className="flex flex-col gap-2 md:flex-row">
        <SearchBox
          value={search}
          onChange={(value) => {
            setTakeFocus(false);
            onSearchChange(value);
          }}
          className="md:w-72"
          inputRef={searchInput}
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={resultsOpen}
          aria-controls={resultsOpen ? SEARCH_RESULTS_ID : undefined}
          aria-autocomplete="none"
          onKeyDown={onSearchKeyDown}
        >
          <LoadBoundary compact>
            <Suspense fallback={null}>
              {resultsOpen && <SearchResultsDialog id={SEARCH_RESULTS_ID} query={query} hits={hits} takeFocus={takeFocus} onClose={closeResults} />}
            </Suspense>
          </LoadBoundary>
        </SearchBox>
        <div className="relative flex-1">
          <Icon.Plus className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-brand-600" width={16} height={16} />
          <input
            type="text"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={quickAdd}
            placeholder="Type task name and hit enter..."
            aria-label="Quick add task"
            enterKeyHint="done"
            aria-busy={adding}
            maxLength={500}
            aria-describedby="quick-add-help"
            className="h-10 w-full rounded-md border border-dashed border-brand-500/50 bg-brand-50/40 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-solid focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
          />
          <p id="quick-add-help" className="sr-only">
            Understands dates like tomorrow or dec 5, times like 2pm, estimates like 45m, !high, #project and @username.
          </p>
          <QuickAddChips parsed={parsed} hint="Enter creates it" className="mt-1.5" />
        </div>
      </div>

      {visible.length === 0 ? (
        <EmptyState
          title={search.trim() ? 'No matching tasks found' : 'No tasks in Master List'}
          action={
            search.trim() && hits.length > 0 ? (
              <Button variant="outline" size="sm" onClick={showResults}>
                Show {hits.length} match{hits.length === 1 ? '' : 'es'} in other areas
              </Button>
            ) : undefined
          }
        >
          {search.trim() ? 'Try another search, or clear the search box.' : 'Type a task name above and hit enter to add one.'}
        </EmptyState>
      ) : (
        // Virtualized by rows of the grid: only the rows in and near view are in the DOM.
        <LoadBoundary>
          <Suspense fallback={<Loading />}>
            <VirtualRows
              role="list"
              aria-label="Master List tasks"
              count={Math.ceil(visible.length / perRow)}
              rowKey={(row) => visibleIds[row * perRow]}
              estimateSize={170}
              gap={12}
              renderRow={(row) => (
                <div role="none" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
                  {visible.slice(row * perRow, row * perRow + perRow).map((task) => (
                    <div role="listitem" key={task.id} className="min-w-0">
                      <TaskCard
                        task={task}
                        listIds={visibleIds}
                        selectable={selecting && task.viewerCan.delete}
                        selected={selecting && selected.has(task.id)}
                        onSelectedChange={
                          task.viewerCan.delete
                            ? (on) => {
                                if (on) setSelecting(true); // 'x' on a card starts Select mode with it
                                toggle(task.id, on);
                              }
                            : undefined
                        }
                        className="h-full"
                      />
                    </div>
                  ))}
                </div>
              )}
            />
          </Suspense>
        </LoadBoundary>
      )}

      <LoadBoundary compact>
        <Suspense fallback={null}>
          {confirming && (
            <ConfirmDialog
              open
              title={chosen.length === 1 ? 'Are you sure you want to delete this task?' : `Are you sure you want to delete these ${chosen.length} tasks?`}
              description="Their subtasks and comments go with them. Undo in the message that follows brings it all back."
              onConfirm={bulkDelete}
              onCancel={() => setConfirming(false)}
            />
          )}
        </Suspense>
      </LoadBoundary>
    </section>
  );
}
