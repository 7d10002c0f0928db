import { Link } from 'react-router-dom';

/** Any unknown path: 'Page not found'. */
export function NotFoundPage() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="text-sm text-slate-500">The page you are looking for does not exist.</p>
      <Link to="/" className="text-sm font-medium text-brand-600 hover:underline">
        Go to the planner
      </Link>
    </div>
  );
}
