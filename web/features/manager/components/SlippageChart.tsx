import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ManagerDashboardQuery } from '../../../gql/graphql';

type Slippage = ManagerDashboardQuery['managerDashboard']['slippage'];

/**
 * The Slippage chart (recharts, loaded only with this tab): per reportee, tasks that slipped (left
 * axis) and the average days they slipped (right axis). The figures are also listed as text beside it.
 */
export default function SlippageChart({ slippage }: { slippage: Slippage }) {
  const data = slippage.people.map((p) => ({ name: p.user.name, slipped: p.slippedTasks, average: p.averageDaysSlipped }));
  return (
    <figure className="w-full min-w-0" aria-label="Slipped tasks and average days slipped per person">
      {/* Axes, ticks and grid in the text colour, so the chart reads in both themes. */}
      <div className="h-64 w-full text-slate-600 sm:h-72" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 4, bottom: 8, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.25} />
            <XAxis
              dataKey="name"
              stroke="currentColor"
              tick={{ fontSize: 12, fill: 'currentColor' }}
              interval={0}
              tickFormatter={(v: string) => (v.length > 12 ? `${v.slice(0, 11)}…` : v)}
            />
            <YAxis yAxisId="tasks" allowDecimals={false} stroke="currentColor" tick={{ fontSize: 12, fill: 'currentColor' }} />
            <YAxis yAxisId="days" orientation="right" stroke="currentColor" tick={{ fontSize: 12, fill: 'currentColor' }} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar yAxisId="tasks" dataKey="slipped" name="Tasks slipped" fill="#f97316" radius={[3, 3, 0, 0]} />
            <Bar yAxisId="days" dataKey="average" name="Average days slipped" fill="#6366f1" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
