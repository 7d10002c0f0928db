import { Badge } from '../../../ui/Badge';
import { Dialog } from '../../../ui/Dialog';
import { usePlannerActions } from '../hooks/usePlannerActions';
import { columnTitle, type PlannerTask } from '../planner-model';
import type { TaskColumn } from '../../../gql/graphql';
import { categoryLabel, priorityLabel, priorityTone } from './TaskCard';

// SPEC's three groups first; pending work another team member owns (hidden by the filter) follows.
const GROUPS: TaskColumn[] = ['UNSCHEDULED', 'TODAY', 'COMPLETED', 'PENDING', 'PENDING_FROM_BEFORE'];

/** Search hits outside the master list, grouped under the board's column titles (SPEC 2.4). */
export default function SearchResultsDialog({ query, hits, onClose }: { query: string; hits: PlannerTask[]; onClose(): void }) {
  const { openDetails } = usePlannerActions();
  const groups = GROUPS.map((column) => ({ column, tasks: hits.filter((t) => t.column === column) })).filter(
    (g) => g.tasks.length > 0 || g.column === 'UNSCHEDULED' || g.column === 'TODAY' || g.column === 'COMPLETED',
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Search results"
      description={`No open task in the Master List matches "${query}", but ${hits.length} task${hits.length === 1 ? '' : 's'} elsewhere do${hits.length === 1 ? 'es' : ''}.`}
      size="lg"
    >
      <div className="space-y-5" data-testid="search-results">
        {groups.map(({ column, tasks }) => (
          <section key={column} aria-label={columnTitle(column)}>
            <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-800">
              {columnTitle(column)}
              <Badge tone="slate">{tasks.length}</Badge>
            </h3>
            {tasks.length === 0 ? (
              <p className="text-sm text-slate-500">No matches</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {tasks.map((task) => (
                  <li key={task.id}>
                    <button
                      type="button"
                      onClick={() => {
                        onClose();
                        openDetails(task.id, tasks.map((t) => t.id));
                      }}
                      className="flex w-full flex-wrap items-center gap-2 px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
                    >
                      <span className={`min-w-0 flex-1 truncate text-sm font-medium ${task.status === 'DONE' ? 'text-slate-500 line-through' : 'text-slate-900'}`}>{task.title}</span>
                      <Badge tone={priorityTone(task.priority)}>{priorityLabel(task.priority)}</Badge>
                      <span className="text-xs text-slate-500">{categoryLabel(task.category)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </Dialog>
  );
}
