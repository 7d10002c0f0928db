/** The admin Backup tab: the workspace export (docs/WORKSPACE-FORMAT.md) as a download, and how to move it to PostgreSQL. */
export function AdminBackupTab() {
  return (
    <section aria-labelledby="admin-backup-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="admin-backup-title" className="text-lg font-semibold text-slate-900">
        Workspace export
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        One file with everything in this workspace: people and their sign-in details, tasks, subtasks, comments, the activity history, projects, the
        organization, templates, views, notifications, API tokens, webhooks and uploaded files.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        To move to PostgreSQL (or to another server), load the file into an empty database with{' '}
        <code className="rounded bg-slate-100 px-1">npm run import</code>; everyone then signs in again.
      </p>
      <p className="mt-2 text-sm text-slate-600">The file holds password hashes and webhook secrets: please keep it somewhere safe.</p>
      <a
        href="/api/admin/workspace-export"
        download
        className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 focus:ring-2 focus:ring-brand-500 focus:ring-offset-2 focus:outline-none"
      >
        Download workspace export
      </a>
    </section>
  );
}
