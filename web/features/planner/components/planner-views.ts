import { lazyWithPreload } from '../../../ui/lazy-preload';
import type { ViewMode } from '../view-modes';

// The planner's views beyond the master list load on demand; each is preloaded as soon as the view is
// known (at boot, planner-boot.ts), so it renders in the same commit as the tasks (lazy-preload.ts: no
// spinner held back by React's fallback throttle).
export const DailyBoard = lazyWithPreload(async () => {
  const board = await import('./DailyBoard');
  await board.boardPartsReady;
  return board;
});
export const CalendarView = lazyWithPreload(() => import('../../calendar/components/CalendarView'));

/** Starts loading the code of the planner's view `mode` (the master list is in the first download). */
export function preloadView(mode: ViewMode): void {
  const view = mode === 'daily' ? DailyBoard : mode === 'weekly' || mode === 'monthly' ? CalendarView : null;
  void view?.preload().catch(() => undefined); // a failed chunk shows in the view's LoadBoundary
}
