import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import { EmptyState, Loading } from '../../../ui/States';
import { PLANNER_VIEWS, viewMode } from '../view-modes';
import { NEW_TASK_DRAFT, readDraft, useUndo } from '../../task';
import { fromDayKey, longDate } from '../../../lib/dates';
import { useDeleteTasks } from '../hooks/useDeleteTasks';
import { useMoveTask } from '../hooks/useMoveTask';
import { useNow } from '../hooks/useNow';
import { PlannerActionsContext, type PlannerActions } from '../hooks/usePlannerActions';
import { usePlannerTasks } from '../hooks/usePlannerTasks';
import { ALL_MEMBERS, EVERYONE, matchesMember, memberOptions, parseDayKey, plannerScopeOf, todayKey, type PlannerTask } from '../planner-model';
import { rememberOpenTask } from '../../../lib/session-end';
import { useViewer } from '../../../lib/auth';
import { DayPicker } from './DayPicker';
import { LoadBoundary } from '../../../ui/LoadBoundary';
import { LoadError, LoadProgress } from './LoadProgress';
import { MasterList } from './MasterList';
import { CalendarView, DailyBoard, preloadView } from './planner-views';
import { SearchBox } from './SearchBox';
import { useBoardPresence } from '../../presence';

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
          <DailyBoard tasks={memberTasks} search={search} day={day} />
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
        className={`mx-auto flex w-full max-w-[1800px] flex-col gap-2 px-3 py-2 sm:gap-4 sm:p-6 ${mode === 'daily' ? 'h-full' : 'min-h-full pb-28 sm:pb-28'}`}
      >
        {/* Side by side when they fit; otherwise the actions wrap below, on the right (the daily board's day picker makes the row wide). */}
        {/* On phones two short rows (the date and New Task; the day, then search and member filter as icons: the
            search widens over the date row while typed in), so the board's columns start in the upper third of the screen. */}
        <header className="relative grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-2 sm:flex sm:flex-col sm:gap-3 xl:flex-row xl:flex-wrap xl:items-end xl:justify-between">
          <div className="contents sm:flex sm:min-w-0 sm:flex-wrap sm:items-end sm:gap-x-4 sm:gap-y-2">
            <div className="col-span-2 min-w-0">
              {/* The label line also carries the loading status: one line as wide as the date either way (inline-size
                  containment), so nothing on the page moves when it ends. */}
              <p className="flex min-w-0 items-center gap-3 text-xs font-semibold tracking-wide whitespace-nowrap text-brand-700 uppercase contain-inline-size">
                <span className="shrink-0">{viewLabel}</span>
                {mode !== 'templates' && <LoadProgress loaded={tasks.length} total={totalCount} complete={complete} error={moreError} />}
              </p>
              <h1 className="truncate text-base font-bold text-slate-900 sm:text-2xl xl:whitespace-nowrap" data-testid="planner-date">
                {longDate(mode === 'daily' ? fromDayKey(day) : now)}
              </h1>
            </div>
            {mode === 'daily' && (
              <div className="row-start-2 min-w-0">
                <DayPicker day={day} today={today} onChange={setDay} />
              </div>
            )}
          </div>
          <div className="contents sm:flex sm:flex-wrap sm:items-center sm:gap-2 sm:flex-nowrap xl:ml-auto">
            {mode !== 'master' && (
              <SearchBox
                value={search}
                onChange={setSearch}
                className={`row-start-2 w-10 max-sm:focus-within:absolute max-sm:focus-within:inset-x-0 max-sm:focus-within:row-start-1 max-sm:focus-within:top-0.5 max-sm:focus-within:z-10 max-sm:focus-within:w-auto max-sm:[&_input]:h-9 sm:w-auto sm:min-w-0 sm:flex-1 xl:w-52 xl:flex-none ${search ? 'rounded-md ring-2 ring-brand-500 sm:ring-0' : ''}`}
              />
            )}
            <label className="sr-only" htmlFor="planner-member-filter">
              Team member
            </label>
            <div className="relative row-start-2 w-10 sm:w-48">
              <select
                id="planner-member-filter"
                value={scope === 'everyone' && member === ALL_MEMBERS ? EVERYONE : member}
                onChange={(e) => chooseMember(e.target.value)}
                className={`h-9 w-full min-w-0 rounded-md border bg-white px-3 text-sm text-transparent sm:h-10 sm:text-slate-800 [&>option]:text-slate-900 ${member === ALL_MEMBERS ? 'border-slate-300' : 'border-brand-500 ring-1 ring-brand-500 sm:ring-0'} sm:border-slate-300`}
              >
                {members.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </select>
              <Icon.Users
                width={18}
                height={18}
                className="pointer-events-none absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 text-slate-500 sm:hidden"
              />
            </div>
            <Button onClick={() => setCreating({})} className="col-start-3 row-start-1 justify-center max-sm:h-9 max-sm:w-10 max-sm:px-0">
              <Icon.Plus />
              <span className="sr-only sm:not-sr-only">New Task</span>
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
        // Low in the corner, clear of the toasts (above it on phones, bottom left from 640 px); every view has
        // bottom padding, so the last card's controls scroll clear of it.
        className="fixed right-5 bottom-[calc(1.25rem+env(safe-area-inset-bottom))] z-30 flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-600/30 transition-transform hover:scale-105 hover:bg-brand-700 active:scale-95"
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
