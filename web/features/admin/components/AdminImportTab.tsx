import { ImportPanel } from '../../import';

/** Admin > Import: tasks from Trello, Todoist or CSV into anyone's tasks, matching people (docs/API.md, Imports). */
export default function AdminImportTab() {
  return (
    <section aria-labelledby="admin-import-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="admin-import-title" className="text-lg font-semibold text-slate-900">
        Import
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-500">
        Bring a team’s work from Trello, Todoist or a spreadsheet. Cards and rows that name a person go to them when they are matched by username, name or
        email.
      </p>
      <ImportPanel forAdmin />
    </section>
  );
}
