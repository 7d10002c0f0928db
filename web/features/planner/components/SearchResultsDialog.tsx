import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Badge } from '../../../ui/Badge';
import { usePlannerActions } from '../hooks/usePlannerActions';
import { columnTitle, type PlannerTask } from '../planner-model';
import type { TaskColumn } from '../../../gql/graphql';
import { useConfigLabels } from '../config-labels';

// Unscheduled, Today and Completed first; pending work another team member owns (hidden by the filter) follows.
const GROUPS: TaskColumn[] = ['UNSCHEDULED', 'TODAY', 'COMPLETED', 'PENDING', 'PENDING_FROM_BEFORE'];

export interface SearchResultsProps {
  /** The element id (the search box's aria-controls). */
  id: string;
  query: string;
  hits: PlannerTask[];
  /** True when Enter or the 'Show matches' button asked for it: focus moves to the first result. */
  takeFocus: boolean;
  /** Closes the results; `refocus` returns the focus to the search box (Escape, Close). */
  onClose(refocus: boolean): void;
}

/**
 * Search hits outside the master list, grouped under the board's column titles, in a
 * non-modal popover under the search box (issue 16): it never takes the focus by itself and traps
 * nothing, so typing goes on in the search box; Enter there (or the 'Show matches' button) moves the
 * focus into it, Escape closes it and gives the focus back to the search box.
 */
export default function SearchResultsDialog({ id, query, hits, takeFocus, onClose }: SearchResultsProps) {
  const { openDetails } = usePlannerActions();
  const labels = useConfigLabels();
  const panel = useRef<HTMLDivElement>(null);
  const groups = GROUPS.map((column) => ({ column, tasks: hits.filter((t) => t.column === column) })).filter(
    (g) => g.tasks.length > 0 || g.column === 'UNSCHEDULED' || g.column === 'TODAY' || g.column === 'COMPLETED',
  );

  useEffect(() => {
    if (takeFocus) panel.current?.querySelector<HTMLElement>('[data-result]')?.focus();
  }, [takeFocus]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose(true);
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = [...(panel.current?.querySelectorAll<HTMLElement>('[data-result]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = items[at + (e.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  const description = `No open task in the Master List matches "${query}", but ${hits.length} task${hits.length === 1 ? '' : 's'} elsewhere do${hits.length === 1 ? 'es' : ''}.`;
  return (
    // A non-modal dialog handles its own keys: Escape closes it, the arrows move between its results.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onKeyDown={onKeyDown}
      className="absolute top-full left-0 z-40 mt-1 max-h-[min(28rem,60vh)] w-[min(34rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-xl"
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            Search results
          </h2>
          <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-600">
            {description}
          </p>
        </div>
        <button type="button" onClick={() => onClose(true)} aria-label="Close" className="rounded p-1 text-slate-500 hover:bg-slate-100">
          ×
        </button>
      </div>
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
                      data-result=""
                      onClick={() => {
                        onClose(false);
                        openDetails(
                          task.id,
                          tasks.map((t) => t.id),
                        );
                      }}
                      className="flex w-full flex-wrap items-center gap-2 px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
                    >
                      <span
                        className={`min-w-0 flex-1 truncate text-sm font-medium ${task.status === 'DONE' ? 'text-slate-500 line-through' : 'text-slate-900'}`}
                      >
                        {task.title}
                      </span>
                      <Badge tone={labels.priority(task.priority).tone}>{labels.priority(task.priority).label}</Badge>
                      <span className="text-xs text-slate-500">{labels.category(task.category).label}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
