import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/Button';

interface LoadState {
  loaded: number;
  total: number;
  complete: boolean;
  error: unknown;
}

/**
 * While the planner's later pages load: 'Loading all N tasks... (M loaded)', so partial column counts
 * are not taken for the real ones. It sits on the header's label line and never wraps, so the cards
 * below do not jump when it goes away (a click or hover aimed at a card lands on that card).
 */
export function LoadProgress({ loaded, total, complete, error }: LoadState) {
  if (complete || error) return null;
  return (
    <span
      role="status"
      data-testid="planner-load-progress"
      className="flex min-w-0 items-center gap-1.5 text-xs font-normal tracking-normal text-slate-500 normal-case"
    >
      <span aria-hidden="true" className="h-3 w-3 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
      <span className="truncate">
        Loading all {total.toLocaleString()} tasks...<span className="max-sm:sr-only"> ({loaded.toLocaleString()} loaded)</span>
      </span>
    </span>
  );
}

/** When a later page fails: how many tasks could be loaded, the error, and Try again. */
export function LoadError({ loaded, total, complete, error, onRetry }: LoadState & { onRetry(): void }) {
  if (complete || !error) return null;
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
