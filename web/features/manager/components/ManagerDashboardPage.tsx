import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ManagerDashboardQuery as Data, ManagerTask_TaskFragment } from '../../../gql/graphql';
import { useAuth } from '../../../lib/auth';
import { errorCode, errorMessage } from '../../../lib/errors';
import { useLiveRefetch } from '../../../lib/useLiveRefetch';
import { Button } from '../../../ui/Button';
import { LoadBoundary } from '../../../ui/LoadBoundary';
import { EmptyState, Loading } from '../../../ui/States';
import { statusLabel } from '../../task';
import { ManagerDashboardQuery } from '../manager.graphql';
import { ManagerTaskRow } from './ManagerTaskRow';
import { TimePanel } from './TimePanel';
import { TodayPlan } from './TodayPlan';

const TaskDetailsSheet = lazy(() => import('../../task/components/TaskDetailsSheet').then((m) => ({ default: m.TaskDetailsSheet })));
const SlippageChart = lazy(() => import('./SlippageChart'));

const WINDOWS = [7, 14, 30, 90] as const;
const TABS = ['Overview', 'By Person', 'By Status', 'Today', 'Slippage', 'Time'] as const;
const tabClass =
  'shrink-0 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-500 hover:text-slate-800 focus:outline-none data-focus:ring-2 data-focus:ring-inset data-focus:ring-brand-500/30 data-selected:border-brand-600 data-selected:text-brand-700';

/** The dashboard's denial ('Manager Access Required') for anyone who is not a manager or an admin. */
function AccessDenied() {
  return (
    <div className="mx-auto max-w-xl p-4 sm:p-8">
      <EmptyState title="Manager Access Required">You need manager permissions to access this dashboard.</EmptyState>
    </div>
  );
}

/**
 * /manager-dashboard: cards (team members, total, completed with %, overdue) and tabs
 * Overview, By Person, By Status, Today (plans against capacity), Slippage (from the audit log) and Time
 * (planned against spent hours for a week or a month).
 * A task opens in the details sheet (which can expand). Live: board events refresh the figures.
 */
export default function ManagerDashboardPage() {
  const { viewer } = useAuth();
  if (!viewer || (viewer.role !== 'manager' && viewer.role !== 'admin')) return <AccessDenied />;
  return <Dashboard isAdmin={viewer.role === 'admin'} />;
}

function Dashboard({ isAdmin }: { isAdmin: boolean }) {
  const [days, setDays] = useState<number>(30);
  const { data, previousData, loading, error, refetch } = useQuery(ManagerDashboardQuery, { variables: { days } });
  const [details, setDetails] = useState<{ id: string; ids: string[] } | null>(null);
  const reload = useLiveRefetch(refetch, !!data);

  const shown = data ?? previousData;
  if (!shown) {
    if (loading) return <Loading />;
    if (errorCode(error) === 'FORBIDDEN') return <AccessDenied />;
    return (
      <div className="mx-auto max-w-xl p-4 sm:p-8">
        <EmptyState
          title="The dashboard could not be loaded"
          action={
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(error, 'Failed to load the manager dashboard')}
        </EmptyState>
      </div>
    );
  }
  const d = shown.managerDashboard;
  const open = (id: string, ids: string[]) => setDetails({ id, ids });

  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-4 p-3 pb-24 sm:gap-6 sm:p-6 sm:pb-24">
      <header>
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">My Reportees</h1>
        <p className="text-sm text-slate-500">{isAdmin ? 'Everyone’s work at a glance.' : 'Your direct reports’ work at a glance.'}</p>
      </header>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Team figures">
        <Card label="Team Members" value={d.teamMembers} testId="card-members" />
        <Card label="Total Tasks" value={d.totalTasks} testId="card-total" />
        <Card label="Completed" value={d.completedTasks} testId="card-completed" note={`${d.completionPercentage}% completion`} tone="text-emerald-700" />
        <Card label="Overdue" value={d.overdueTasks} testId="card-overdue" tone={d.overdueTasks ? 'text-red-600' : undefined} />
      </dl>

      <TabGroup className="min-w-0">
        <TabList className="-mx-3 flex overflow-x-auto border-b border-slate-200 px-3 sm:mx-0 sm:px-0" aria-label="Dashboard views">
          {TABS.map((t) => (
            <Tab key={t} className={tabClass}>
              {t}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-4">
          <TabPanel>
            <Overview tasks={d.recentTasks} onOpen={open} />
          </TabPanel>
          <TabPanel>
            <Groups
              groups={d.byPerson.map((g) => ({ key: g.user.id, title: g.user.name, tasks: g.tasks, total: g.totalCount, remaining: g.remainingCount }))}
              empty="No team members yet"
              showAssignee={false}
              onOpen={open}
            />
          </TabPanel>
          <TabPanel>
            <Groups
              groups={d.byStatus.map((g) => ({
                key: g.status,
                title: statusLabel(g.status),
                tasks: g.tasks,
                total: g.totalCount,
                remaining: g.remainingCount,
              }))}
              empty="No tasks yet"
              onOpen={open}
            />
          </TabPanel>
          <TabPanel>
            <TodayPlan today={d.today} canEditCapacity={isAdmin} onCapacitySaved={reload} onOpen={open} />
          </TabPanel>
          <TabPanel>
            <SlippagePanel slippage={d.slippage} days={days} onDays={setDays} />
          </TabPanel>
          <TabPanel>
            <TimePanel />
          </TabPanel>
        </TabPanels>
      </TabGroup>

      {details && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <TaskDetailsSheet
              taskId={details.id}
              taskIds={details.ids}
              onNavigate={(id) => setDetails({ id, ids: details.ids })}
              onClose={() => setDetails(null)}
            />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  );
}

function Card({ label, value, note, tone = 'text-slate-900', testId }: { label: string; value: number; note?: ReactNode; tone?: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <dt className="text-xs font-medium text-slate-500 sm:text-sm">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold ${tone}`} data-testid={testId}>
        {value}
      </dd>
      {note && (
        <dd className="text-xs text-slate-500" data-testid={`${testId}-note`}>
          {note}
        </dd>
      )}
    </div>
  );
}

function Overview({ tasks, onOpen }: { tasks: ManagerTask_TaskFragment[]; onOpen(id: string, ids: string[]): void }) {
  if (tasks.length === 0) return <EmptyState title="No tasks yet">Tasks assigned to your reportees appear here.</EmptyState>;
  const ids = tasks.map((t) => t.id);
  return (
    <section aria-labelledby="recent-tasks" className="flex flex-col gap-2">
      <h2 id="recent-tasks" className="text-base font-semibold text-slate-800">
        Recent Tasks
      </h2>
      <ul className="flex flex-col gap-2">
        {tasks.map((t) => (
          <ManagerTaskRow key={t.id} task={t} onOpen={(id) => onOpen(id, ids)} />
        ))}
      </ul>
    </section>
  );
}

interface Group {
  key: string;
  title: string;
  tasks: ManagerTask_TaskFragment[];
  total: number;
  remaining: number;
}

function Groups({
  groups,
  empty,
  showAssignee = true,
  onOpen,
}: {
  groups: Group[];
  empty: string;
  showAssignee?: boolean;
  onOpen(id: string, ids: string[]): void;
}) {
  if (groups.length === 0) return <EmptyState title={empty} />;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {groups.map((g) => {
        const ids = g.tasks.map((t) => t.id);
        return (
          <section
            key={g.key}
            aria-labelledby={`group-${g.key}`}
            data-testid="task-group"
            className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50/60 p-3"
          >
            <h2 id={`group-${g.key}`} className="flex items-center justify-between gap-2 text-sm font-semibold text-slate-800">
              <span className="truncate">{g.title}</span>
              <span className="shrink-0 rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
                {g.total} {g.total === 1 ? 'task' : 'tasks'}
              </span>
            </h2>
            {g.tasks.length === 0 ? (
              <p className="text-sm text-slate-500">No tasks</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {g.tasks.map((t) => (
                  <ManagerTaskRow key={t.id} task={t} showAssignee={showAssignee} onOpen={(id) => onOpen(id, ids)} />
                ))}
              </ul>
            )}
            {g.remaining > 0 && <p className="text-xs text-slate-500">...and {g.remaining} more tasks</p>}
          </section>
        );
      })}
    </div>
  );
}

function SlippagePanel({ slippage, days, onDays }: { slippage: Data['managerDashboard']['slippage']; days: number; onDays(days: number): void }) {
  const fmt = (day: string) => new Date(`${day}T12:00:00`).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-500">
          Tasks planned for a day and not finished that day, {fmt(slippage.from)} to {fmt(slippage.to)}.
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Period
          <select value={days} onChange={(e) => onDays(Number(e.target.value))} className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm">
            {WINDOWS.map((w) => (
              <option key={w} value={w}>
                Last {w} days
              </option>
            ))}
          </select>
        </label>
      </div>
      {slippage.people.length === 0 ? (
        <EmptyState title="No team members yet" />
      ) : (
        <>
          <LoadBoundary>
            <Suspense fallback={<Loading label="Loading chart..." />}>
              <SlippageChart slippage={slippage} />
            </Suspense>
          </LoadBoundary>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Slippage per person">
            {slippage.people.map((p) => (
              <li key={p.user.id} data-testid="slippage-person" className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm">
                <p className="truncate font-semibold text-slate-900">{p.user.name}</p>
                <p className="text-slate-600">
                  <span data-testid="slipped">{p.slippedTasks}</span> of {p.plannedTasks} planned {p.plannedTasks === 1 ? 'task' : 'tasks'} slipped
                </p>
                <p className="text-slate-600">
                  Average <span data-testid="average-days">{p.averageDaysSlipped}</span> {p.averageDaysSlipped === 1 ? 'day' : 'days'} slipped
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
