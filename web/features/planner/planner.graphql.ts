import { graphql } from '../../gql';

/**
 * The planner's one query: every task the viewer may read, with the card fragment. This reads the
 * first page (the API's page limit, 500); usePlannerTasks reads the rest page by page
 * (PlannerTasksPageQuery) and appends it to this same cached list, until `totalCount` is reached.
 * Columns, the master list, search and the team filter are all derived from it on the client, so a
 * task written into the cache (a mutation or a subscription) shows everywhere. The arguments are
 * literals so the cache key is stable for cache updates (task-cache.ts). `latestSeq` starts the live
 * stream from where this first read stood (lib/live-start.ts), so nothing changed while the later
 * pages load is lost.
 */
export const PlannerTasksQuery = graphql(`
  query PlannerTasks {
    tasks(first: 500, sortBy: "createdAt", sortOrder: "desc") {
      totalCount
      latestSeq
      nodes {
        ...TaskCard_task
      }
    }
  }
`);

/** The page size of PlannerTasksQuery (its `first`) and of the pages after it. */
export const PLANNER_PAGE_SIZE = 500;

/** True for the cached field of PlannerTasksQuery (its store key), the list the later pages join. */
export function isPlannerTaskList(storeFieldName: string): boolean {
  const open = storeFieldName.indexOf('(');
  if (open < 0) return false;
  try {
    const args = JSON.parse(storeFieldName.slice(open + 1, -1)) as Record<string, unknown>;
    return args.first === PLANNER_PAGE_SIZE && args.sortBy === 'createdAt' && args.sortOrder === 'desc' && !args.after && !args.filter;
  } catch {
    return false;
  }
}

/**
 * A later page of the planner's list (same order), read past the cache: usePlannerTasks writes its new
 * tasks into the cache itself and appends them to PlannerTasksQuery's list.
 */
export const PlannerTasksPageQuery = graphql(`
  query PlannerTasksPage($after: String) {
    tasks(first: 500, after: $after, sortBy: "createdAt", sortOrder: "desc") {
      totalCount
      pageInfo {
        hasNextPage
      }
      nodes {
        ...TaskCard_task
      }
    }
  }
`);

/** Quick add, the time-slot inline create: answers with the card's fields so it joins the list. */
export const PlannerCreateTaskMutation = graphql(`
  mutation PlannerCreateTask($input: TaskInput!) {
    createTask(input: $input) {
      ...TaskCard_task
    }
  }
`);

/** The one move (drag and drop, time slots, Move to..., pending-from-before actions, reschedule). */
export const MoveTaskMutation = graphql(`
  mutation MoveTask($input: MoveTaskInput!) {
    moveTask(input: $input) {
      ...TaskCard_task
    }
  }
`);

/** Bulk delete of the master list's select mode (all or nothing on the server). */
export const DeleteTasksMutation = graphql(`
  mutation DeleteTasks($ids: [ID!]!) {
    deleteTasks(ids: $ids)
  }
`);
