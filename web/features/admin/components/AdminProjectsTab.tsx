import { Link } from 'react-router-dom';

/** The admin Projects tab: the same list and dialogs as /projects (the lead wires ProjectsPanel here when merging). */
export function AdminProjectsTab() {
  return (
    <section aria-labelledby="admin-projects-heading" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="admin-projects-heading" className="text-lg font-semibold text-slate-900">
        Project Management
      </h2>
      <p className="text-sm text-slate-600">Create, edit and delete projects on the projects page.</p>
      <Link to="/projects" className="self-start rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Open Project Management
      </Link>
    </section>
  );
}
