import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/Button';

/**
 * While the planner's later pages load: 'Loading all N tasks... (M loaded)', so partial column counts
 * are not taken for the real ones; if a page fails, the error with Try again. Nothing once complete.
 */
export function LoadProgress({ loaded, total, complete, error, onRetry }: { loaded: number; total: number; complete: boolean; error: unknown; onRetry(): void }) {
  if (complete) return null;
  if (error) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        <span className="min-w-0 flex-1">
          Only {loaded.toLocaleString()} of {total.toLocaleString()} tasks could be loaded. {errorMessage(error, 'Failed to load tasks')}
        </span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <p role="status" data-testid="planner-load-progress" className="flex items-center gap-2 text-xs text-slate-500">
      <span aria-hidden="true" className="h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
      Loading all {total.toLocaleString()} tasks... ({loaded.toLocaleString()} loaded)
    </p>
  );
}
