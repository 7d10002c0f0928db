import type { ImportJobView_JobFragment } from '../../../gql/graphql';
import { Progress } from '../../../ui/Progress';

const SOURCE_LABELS: Record<string, string> = { trello: 'Trello', todoist: 'Todoist', csv: 'CSV' };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** An import's progress bar while it runs, then what it created and every card or row it skipped. */
export function ImportProgress({ job }: { job: ImportJobView_JobFragment }) {
  const name = `${SOURCE_LABELS[job.source] ?? job.source} import${job.fileName ? ` of ${job.fileName}` : ''}`;
  if (job.status === 'queued' || job.status === 'running') {
    const pct = job.total ? Math.round((job.processed / job.total) * 100) : 0;
    return (
      <div className="flex flex-col gap-2" data-testid="import-progress" aria-live="polite">
        <p className="text-sm font-medium text-slate-800">{job.status === 'queued' ? `${name}: waiting to start…` : `${name}: importing…`}</p>
        <Progress value={pct} label="Import progress" />
        <p className="text-xs text-slate-500">
          {job.processed} of {plural(job.total, 'task')} read. You can leave this page: the import goes on, and this screen picks it up again.
        </p>
      </div>
    );
  }
  if (job.status === 'failed') {
    return (
      <div role="alert" data-testid="import-report" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        <p className="font-medium">{name} failed. Nothing was imported.</p>
        {job.error && <p className="mt-1">{job.error}</p>}
      </div>
    );
  }
  const { tasks, subtasks, comments } = job.created;
  return (
    <div className="flex flex-col gap-3" data-testid="import-report" aria-live="polite">
      <Progress value={100} label="Import progress" />
      <p className="text-sm font-medium text-emerald-800">
        {name} done: {plural(tasks, 'task')}, {plural(subtasks, 'subtask')} and {plural(comments, 'comment')} created.
      </p>
      {job.skipped.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Skipped or changed ({job.skipped.length})</h3>
          <ul className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200 text-sm" data-testid="import-skipped">
            {job.skipped.map((s, i) => (
              <li key={i} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:gap-3">
                <span className="font-medium break-words text-slate-800 sm:w-1/3">{s.ref}</span>
                <span className="text-slate-600 sm:flex-1">{s.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Nothing was skipped.</p>
      )}
    </div>
  );
}
