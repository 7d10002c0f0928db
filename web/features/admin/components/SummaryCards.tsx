import type { ReactNode } from 'react';
import type { AdminDashboardQuery } from '../../../gql/graphql';

function Card({ label, value, children, testId }: { label: string; value: ReactNode; children?: ReactNode; testId: string }) {
  return (
    <div data-testid={testId} className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <p className="text-xl font-bold text-slate-900 sm:text-2xl">{value}</p>
      {children && <div className="text-xs text-slate-600">{children}</div>}
    </div>
  );
}

const DATABASES: Record<string, string> = { sqlite: 'SQLite', postgresql: 'PostgreSQL' };
const LIVE_MODES: Record<string, string> = { 'in-process': 'in-process', redis: 'Redis' };

/** A dependency's answer to the server's readiness ping, in words. */
const reachability = (reachable: boolean) => (reachable ? 'answering' : 'not answering');

/**
 * The summary cards: users by role, active projects of total, config items, and a real health card
 * (the server's readiness: whether its database and, when used, Redis answered its ping; docs/API.md).
 */
export function SummaryCards({ data, statusError }: { data: AdminDashboardQuery; statusError: boolean }) {
  const count = (role: string) => data.users.filter((u) => u.role === role).length;
  const status = data.systemStatus;
  const online = !statusError && status?.ready === true;
  return (
    <div className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-4">
      <Card label="Total Users" value={data.users.length} testId="summary-users">
        {count('admin')} admin · {count('manager')} manager · {count('member')} member
      </Card>
      <Card label="Active Projects" value={`${data.projects.filter((p) => p.isActive).length} / ${data.projects.length}`} testId="summary-projects">
        active of total projects
      </Card>
      <Card label="System Configs" value={data.allConfigs.length} testId="summary-configs">
        categories, priorities and other items
      </Card>
      <Card
        label="System Health"
        testId="summary-health"
        value={
          <span className={`flex items-center gap-2 ${online ? 'text-emerald-700' : 'text-red-700'}`}>
            <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${online ? 'bg-emerald-500' : 'bg-red-500'}`} />
            {online ? 'Online' : status && !statusError ? 'Not ready' : 'Offline'}
          </span>
        }
      >
        {status ? (
          <ul>
            <li data-testid="health-database">
              Database: {DATABASES[status.database] ?? status.database} · {reachability(status.databaseReachable)}
            </li>
            {status.redisReachable !== null && status.redisReachable !== undefined && (
              <li data-testid="health-redis">Redis: {reachability(status.redisReachable)}</li>
            )}
            <li>Live updates: {LIVE_MODES[status.liveUpdates] ?? status.liveUpdates}</li>
          </ul>
        ) : (
          'The server did not answer the readiness check.'
        )}
      </Card>
    </div>
  );
}
