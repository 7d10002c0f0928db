import { Link } from 'react-router-dom';

/** The admin Bookmarklet tab (the lead wires the bookmarklet guide here when merging). */
export function AdminBookmarkletTab() {
  return (
    <section aria-labelledby="admin-bookmarklet-heading" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="admin-bookmarklet-heading" className="text-lg font-semibold text-slate-900">
        Email Bookmarklet
      </h2>
      <p className="text-sm text-slate-600">Turn an email into a task: install steps, the code and a test page.</p>
      <Link to="/test-bookmarklet" className="self-start rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Open Test Bookmarklet
      </Link>
    </section>
  );
}
