import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import { EmptyState, Loading } from '../../../ui/States';
import { PLANNER_VIEWS, viewMode } from '../view-modes';
import { NEW_TASK_DRAFT, readDraft, useUndo } from '../../task';
import { fromDayKey, longDate, shortDayOfKey } from '../../../lib/dates';
import { useDeleteTasks } from '../hooks/useDeleteTasks';
import { useMoveTask } from '../hooks/useMoveTask';
import { useNow } from '../hooks/useNow';
import { PlannerActionsContext, type PlannerActions } from '../hooks/usePlannerActions';
import { usePlannerTasks } from '../hooks/usePlannerTasks';
import { ALL_MEMBERS, EVERYONE, UNASSIGNED, matchesMember, memberOptions, parseDayKey, plannerScopeOf, todayKey, type PlannerTask } from '../planner-model';
import { rememberOpenTask } from '../../../lib/session-end';
import { useViewer } from '../../../lib/auth';
import { DayPicker } from './DayPicker';
import { LoadBoundary } from '../../../ui/LoadBoundary';
import { LoadError, LoadProgress } from './LoadProgress';
import { MasterList } from './MasterList';
import { CalendarView, DailyBoard, preloadView } from './planner-views';
import { SearchBox } from './SearchBox';
import { useBoardPresence } from '../../presence';
import { DayTimeBar } from '../../time';

// What the first paint does not need loads on demand (the planner opens on the master list).
const MoveToDateDialog = lazy(() => import('./MoveToDateDialog'));
const ConfirmDialog = lazy(() => import('../../../ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));
const TaskDetailsSheet = lazy(() => import('../../task/components/TaskDetailsSheet').then((m) => ({ default: m.TaskDetailsSheet })));
const CreateTaskDialog = lazy(() => import('../../task/components/CreateTaskDialog').then((m) => ({ default: m.CreateTaskDialog })));
const TemplatesView = lazy(() => import('../../templates/components/TemplatesView'));

type CreateDefaults = { scheduledTime?: string; scheduledDate?: string; column?: 'unscheduled' | 'today' };

/** The planner screen: header, the view given by ?view=, the floating add button, dialogs. */
export default function PlannerPage() {
  const [params, setParams] = useSearchParams();
  const mode = viewMode(params.get('view'));
  const now = useNow(60_000);
  const today = todayKey(now);
  // The daily board's day (?date=yyyy-MM-dd; none or invalid: today), so a reload keeps it.
  const day = mode === 'daily' ? (parseDayKey(params.get('date')) ?? today) : today;
  const setDay = useCallback(
    (next: string) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          if (next === todayKey()) out.delete('date');
          else out.set('date', next);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => preloadView(mode), [mode]);
  // Whose tasks: the team's ("All Team Members"), or for a manager or admin everyone's (?scope=everyone).
  const canSeeEveryone = useViewer().role !== 'member';
  // Who else has which task open: one subscription for every card of the planner.
  useBoardPresence();
  const scope = canSeeEveryone ? plannerScopeOf(params.get('scope')) : 'team';
  const { tasks, totalCount, complete, moreError, loadMore, loading, error, refetch } = usePlannerTasks(scope);
  const { toast } = useToast();
  const moveTask = useMoveTask();
  const deleteTasks = useDeleteTasks();
  const undo = useUndo();

  const [search, setSearch] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const filtersButton = useRef<HTMLButtonElement>(null);
  // Opening the search on a phone is for typing: the box takes the focus.
  useEffect(() => {
    if (filtersOpen) searchInput.current?.focus();
  }, [filtersOpen]);
  const [member, setMember] = useState(ALL_MEMBERS);
  const [details, setDetails] = useState<{ id: string; ids: string[] } | null>(null);
  // A New Task draft left by a reload opens the dialog again, with what was typed.
  const [creating, setCreating] = useState<CreateDefaults | null>(() => (readDraft(NEW_TASK_DRAFT) ? {} : null));
  const [deleting, setDeleting] = useState<PlannerTask | null>(null);
  const [rescheduling, setRescheduling] = useState<PlannerTask | null>(null);

  useEffect(() => {
    rememberOpenTask(details?.id ?? null);
    return () => rememberOpenTask(null);
  }, [details?.id]);

  const members = useMemo(() => memberOptions(tasks, canSeeEveryone), [tasks, canSeeEveryone]);
  const chooseMember = (value: string) => {
    // 'Everyone' and 'All Team Members' change the scope (another list); a person narrows the one shown.
    if (value === EVERYONE || value === ALL_MEMBERS) {
      setMember(ALL_MEMBERS);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === EVERYONE) next.set('scope', 'everyone');
          else next.delete('scope');
          return next;
        },
        { replace: true },
      );
    } else setMember(value);
  };
  const memberTasks = useMemo(() => tasks.filter((t) => matchesMember(t, member)), [tasks, member]);
  // A member chosen in the filter whose tasks have all gone falls back to everyone.
  useEffect(() => {
    if (member !== ALL_MEMBERS && !members.some((m) => m.value === member)) setMember(ALL_MEMBERS);
  }, [member, members]);

  // On another day's board a move is made relative to that day (Today's Plan schedules for it).
  const boardDay = day !== today ? day : undefined;
  const move = useCallback<PlannerActions['move']>(
    async (task, input, options) => {
      try {
        const moved = await moveTask(task, boardDay && !input.scheduledDate ? { ...input, day: boardDay } : input);
        if (!options?.quiet) undo.changed(task, moved);
      } catch (e) {
        toast({ title: 'Error', description: errorMessage(e, 'Failed to update task'), variant: 'destructive' });
      }
    },
    [moveTask, toast, undo, boardDay],
  );

  const actions = useMemo<PlannerActions>(
    () => ({
      openDetails: (id, ids) => setDetails({ id, ids }),
      requestDelete: setDeleting,
      move,
      openReschedule: setRescheduling,
      openCreate: (defaults) => setCreating(defaults ?? {}),
    }),
    [move],
  );

  // Links: ?task=<id> opens a task's details (the calendar feed, notifications and the way
  // back after signing in again), ?new=1 the New Task dialog; both then leave the URL.
  const linkedTask = params.get('task');
  const linkedNew = params.get('new') === '1';
  useEffect(() => {
    if (!linkedTask && !linkedNew) return;
    if (linkedTask) setDetails({ id: linkedTask, ids: [linkedTask] });
    if (linkedNew) setCreating({});
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('task');
        next.delete('new');
        return next;
      },
      { replace: true },
    );
  }, [linkedTask, linkedNew, setParams]);

  // Warm the on-demand chunks once the screen is idle, so the first dialog opens without a wait.
  useEffect(() => {
    const warm = () => {
      preloadView('daily'); // through the preloadable, so a later switch to the board does not suspend
      void import('../../../ui/ConfirmDialog');
      void import('../../task/components/TaskDetailsSheet');
      void import('../../task/components/CreateTaskDialog');
    };
    // Safari has no requestIdleCallback.
    const idle = typeof window.requestIdleCallback === 'function';
    const id = idle ? window.requestIdleCallback(warm, { timeout: 4000 }) : window.setTimeout(warm, 2000);
    return () => (idle ? window.cancelIdleCallback(id) : window.clearTimeout(id));
  }, []);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteTasks([deleting.id]);
      undo.deleted([deleting.id]);
      if (details?.id === deleting.id) setDetails(null);
      setDeleting(null);
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e, 'Failed to delete task'), variant: 'destructive' });
    }
  };

  const viewLabel = PLANNER_VIEWS.find((v) => v.mode === mode)?.label ?? 'Master List';
  // Phones: the search and the member filter behind one button (a dot on it while they narrow the board).
  const filterLabel = mode === 'master' ? 'Filter' : 'Search and filter';
  const filtered = search.trim() !== '' || member !== ALL_MEMBERS || scope === 'everyone';

  let body;
  if (mode === 'templates') {
    body = (
      <LoadBoundary>
        <Suspense fallback={<Loading />}>
          <TemplatesView context="planner" search={search} />
        </Suspense>
      </LoadBoundary>
    );
  } else if (loading) {
    body = <Loading />;
  } else if (error) {
    body = (
      <EmptyState
        title="The tasks could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, 'Failed to load tasks')}
      </EmptyState>
    );
  } else if (mode === 'daily') {
    body = (
      <LoadBoundary>
        <Suspense fallback={<Loading />}>
          <DailyBoard
            tasks={memberTasks}
            search={search}
            day={day}
            summary={<DayTimeBar day={day} scope={scope} person={member === ALL_MEMBERS ? null : member === UNASSIGNED ? 'unassigned' : member} />}
          />
        </Suspense>
      </LoadBoundary>
    );
  } else if (mode === 'weekly' || mode === 'monthly') {
    body = (
      <LoadBoundary>
        <Suspense fallback={<Loading />}>
          <CalendarView mode={mode} tasks={memberTasks} search={search} />
        </Suspense>
      </LoadBoundary>
    );
  } else {
    body = <MasterList allTasks={tasks} tasks={memberTasks} search={search} onSearchChange={setSearch} />;
  }

  return (
    <PlannerActionsContext.Provider value={actions}>
      {/* The daily board fills the screen (its columns scroll); the other views scroll as a page. */}
      <div
        className={`mx-auto flex w-full max-w-[1800px] flex-col gap-2 px-3 py-2 sm:gap-4 sm:p-6 ${mode === 'daily' ? 'h-full max-sm:pb-1' : 'min-h-full pb-28 sm:pb-28'}`}
      >
        {/* Side by side when they fit; otherwise the actions wrap below, on the right (the daily board's day picker makes the row wide). */}
        {/* On phones one row (the view switcher over the date, the daily board's day buttons, and one icon button that
            shows the search and the member filter over the rest of the row), so the board's columns start in the upper
            third of the screen and a daily board shows six time slots; the floating button is the phone's New Task. */}
        <header className="relative flex flex-wrap items-center gap-2 sm:flex-col sm:flex-nowrap sm:gap-3 xl:flex-row xl:flex-wrap xl:items-end xl:justify-between">
          <div className="contents sm:flex sm:min-w-0 sm:flex-wrap sm:items-end sm:gap-x-4 sm:gap-y-2">
            <div className="min-w-0 flex-1 sm:flex-initial">
              {/* The label line also carries the loading status: one line as wide as the date either way (inline-size
                  containment), so nothing on the page moves when it ends. */}
              <p className="flex min-w-0 items-center gap-3 text-xs font-semibold tracking-wide whitespace-nowrap text-brand-700 uppercase contain-inline-size">
                <span className="shrink-0 max-sm:hidden">{viewLabel}</span>
                <span className="relative shrink-0 sm:hidden">
                  <select
                    aria-label="View"
                    value={mode}
                    onChange={(e) => setParams({ view: e.target.value }, { replace: false })}
                    className="field-sizing-content appearance-none bg-transparent pr-4 font-semibold tracking-wide text-brand-700 uppercase focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  >
                    {PLANNER_VIEWS.map((v) => (
                      <option key={v.mode} value={v.mode}>
                        {v.label}
                      </option>
                    ))}
                  </select>
                  <Icon.ChevronDown width={12} height={12} className="pointer-events-none absolute top-1/2 right-0 -translate-y-1/2" />
                </span>
                {mode !== 'templates' && <LoadProgress loaded={tasks.length} total={totalCount} complete={complete} error={moreError} />}
              </p>
              <h1 className="truncate text-base font-bold max-sm:leading-5 text-slate-900 sm:text-2xl xl:whitespace-nowrap" data-testid="planner-date">
                {mode === 'daily' ? (
                  <>
                    <span className="sm:hidden">{shortDayOfKey(day)}</span>
                    <span className="max-sm:hidden">{longDate(fromDayKey(day))}</span>
                  </>
                ) : (
                  longDate(now)
                )}
              </h1>
            </div>
            {mode === 'daily' && (
              <div className="min-w-0 max-sm:shrink-0">
                <DayPicker day={day} today={today} onChange={setDay} />
              </div>
            )}
          </div>
          <div className="contents sm:flex sm:flex-wrap sm:items-center sm:gap-2 sm:flex-nowrap xl:ml-auto">
            <button
              ref={filtersButton}
              type="button"
              aria-label={filterLabel}
              title={filterLabel}
              aria-expanded={filtersOpen}
              aria-controls="planner-filters"
              onClick={() => setFiltersOpen((open) => !open)}
              className={`relative inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border text-slate-600 sm:hidden ${
                filtersOpen ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white'
              }`}
            >
              {filtersOpen ? (
                <Icon.X width={18} height={18} />
              ) : mode === 'master' ? (
                <Icon.Users width={18} height={18} />
              ) : (
                <Icon.Search width={18} height={18} />
              )}
              {filtered && !filtersOpen && (
                <span className="absolute -top-1 -right-1 h-2.5 w-2.5 rounded-full bg-brand-600 ring-2 ring-white" aria-hidden="true" />
              )}
            </button>
            {/* Phones: over the row, left of the button, while open; from 640 px always in line. */}
            <div
              id="planner-filters"
              className={`${filtersOpen ? 'flex' : 'hidden'} absolute inset-y-0 right-11 left-0 z-10 items-center gap-2 bg-slate-50 sm:contents`}
            >
              {mode !== 'master' && (
                <SearchBox
                  value={search}
                  onChange={setSearch}
                  inputRef={searchInput}
                  onKeyDown={(e) => {
                    // Escape closes the phone's search row, back on its button (the search keeps applying).
                    if (e.key !== 'Escape' || !filtersOpen) return;
                    setFiltersOpen(false);
                    filtersButton.current?.focus();
                  }}
                  className="min-w-0 flex-1 sm:w-auto sm:min-w-0 sm:flex-1 xl:w-52 xl:flex-none"
                />
              )}
              <label className="sr-only" htmlFor="planner-member-filter">
                Team member
              </label>
              <div className={`relative shrink-0 sm:w-48 ${mode === 'master' ? 'max-sm:w-full' : 'w-2/5'}`}>
                <select
                  id="planner-member-filter"
                  value={scope === 'everyone' && member === ALL_MEMBERS ? EVERYONE : member}
                  onChange={(e) => chooseMember(e.target.value)}
                  className="h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 [&>option]:text-slate-900"
                >
                  {members.map((m) => (
                    <option key={m.value} value={m.value}>
                      {m.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <Button onClick={() => setCreating({})} className="justify-center max-sm:hidden">
              <Icon.Plus />
              <span>New Task</span>
            </Button>
          </div>
        </header>

        {mode !== 'templates' && <LoadError loaded={tasks.length} total={totalCount} complete={complete} error={moreError} onRetry={loadMore} />}
        <div className="flex min-h-0 flex-1 flex-col">{body}</div>
      </div>

      <button
        type="button"
        onClick={() => setCreating({})}
        aria-label="Create task"
        title="Create task"
        // Low in the corner, clear of the toasts (above it on phones, bottom left from 640 px); on phones above the
        // bottom navigation (3.5rem, BottomNav.tsx); every view has bottom padding, so the last card's controls scroll clear of it.
        className="fixed right-5 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-30 flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-600/30 transition-transform hover:scale-105 hover:bg-brand-700 active:scale-95 sm:bottom-[calc(1.25rem+env(safe-area-inset-bottom))]"
      >
        <Icon.Plus width={24} height={24} />
      </button>

      <LoadBoundary compact>
        <Suspense fallback={null}>
          {details && (
            <TaskDetailsSheet
              taskId={details.id}
              taskIds={details.ids}
              onClose={() => setDetails(null)}
              onNavigate={(id) => setDetails((d) => (d ? { ...d, id } : d))}
            />
          )}
          {creating && <CreateTaskDialog open onClose={() => setCreating(null)} defaults={creating} />}
          {deleting && (
            <ConfirmDialog
              open
              title="Are you sure you want to delete this task?"
              description={`"${deleting.title}" will be deleted with its subtasks and comments. Undo in the message that follows brings it all back.`}
              onConfirm={confirmDelete}
              onCancel={() => setDeleting(null)}
            />
          )}
          {rescheduling && <MoveToDateDialog task={rescheduling} kind="reschedule" onClose={() => setRescheduling(null)} />}
        </Suspense>
      </LoadBoundary>
    </PlannerActionsContext.Provider>
  );
}
