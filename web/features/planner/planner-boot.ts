import type { ApolloClient } from '@apollo/client';
import { preloadView } from './components/planner-views';
import { viewMode } from './view-modes';
import { readFirstPlannerPage } from './hooks/first-page';
import { plannerScopeOf } from './planner-model';

/**
 * Before the first render, on the planner's address: its first page of tasks and the code of its view
 * start loading alongside the session check (`me`), instead of after the app shell has rendered, so
 * the screen renders with its cards at once. Signed out, the tasks request is answered UNAUTHENTICATED
 * and nothing is stored (no session to end yet: session-end.ts ignores it); usePlannerTasks joins the
 * request still on its way (readFirstPlannerPage) or finds its answer in the cache.
 */
export function warmPlanner(client: ApolloClient, location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname !== '/') return;
  const params = new URLSearchParams(location.search);
  preloadView(viewMode(params.get('view')));
  // Every view reads the tasks (PlannerPage's usePlannerTasks runs for the templates view too).
  void readFirstPlannerPage(client, plannerScopeOf(params.get('scope'))).catch(() => undefined);
}
