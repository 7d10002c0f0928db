import { graphql } from '../../gql';

/**
 * The planner's one query: the tasks of the chosen scope (`team`: the viewer's own and their direct
 * reports', which for a member is their own; `everyone`: all the viewer may read), with the card
 * fragment. This reads the first 100 (enough to fill the screen, so the first cards paint as fast with
 * 4,000 tasks as with 100); usePlannerTasks reads the rest in pages of the API's limit
 * (PlannerTasksPageQuery, 500, from this page's end cursor on) and appends it to this same cached list
 * in one write, until the server has no next page. Each scope is a list of its own in the cache (its
 * store key holds the filter).
 * Columns, the master list, search and the person filter are derived from it on the client, so a task
 * written into the cache (a mutation or a subscription) shows everywhere; task-cache.ts adds a task to
 * a scope's list when the scope holds it. The other arguments are literals so the cache key is stable
 * for cache updates. `latestSeq` starts the live stream from where this first read stood
 * (lib/live-start.ts), so nothing changed while the later pages load is lost.
 */
export const PlannerTasksQuery = graphql(`
  query PlannerTasks($scope: String!) {
    tasks(first: 100, sortBy: "createdAt", sortOrder: "desc", filter: { scope: $scope }) {
      totalCount
      latestSeq
      pageInfo {
        endCursor
      }
      nodes {
        ...TaskCard_task
      }
    }
  }
`);

/** The `first` of PlannerTasksQuery, and of the pages after it (the API's limit). */
export const PLANNER_FIRST_PAGE_SIZE = 100;
export const PLANNER_PAGE_SIZE = 500;

/**
 * Whose tasks the planner shows: `team` (the person filter's "All Team Members") or `everyone` (a manager's
 * or admin's "Everyone"), the API's task scopes.
 */
export type PlannerScope = 'team' | 'everyone';

/** A picker of the cached field of PlannerTasksQuery for `scope` (its store key): the list the later pages join. */
export function plannerTaskList(scope: PlannerScope): (storeFieldName: string) => boolean {
  return (storeFieldName) => {
    const open = storeFieldName.indexOf('(');
    if (open < 0) return false;
    try {
      const args = JSON.parse(storeFieldName.slice(open + 1, -1)) as Record<string, unknown>;
      const filter = args.filter as Record<string, unknown> | undefined;
      const onlyScope = !!filter && Object.keys(filter).length === 1 && filter.scope === scope;
      return args.first === PLANNER_FIRST_PAGE_SIZE && args.sortBy === 'createdAt' && args.sortOrder === 'desc' && !args.after && onlyScope;
    } catch {
      return false;
    }
  };
}

/** The ids of the planner's cached list (cheap to read: what the page loader compares pages with). */
export const PlannerTaskIdsQuery = graphql(`
  query PlannerTaskIds($scope: String!) {
    tasks(first: 100, sortBy: "createdAt", sortOrder: "desc", filter: { scope: $scope }) {
      totalCount
      nodes {
        id
      }
    }
  }
`);

/** Where the cached first page ends (its cursor): the later pages start after it. */
export const PlannerTaskEndQuery = graphql(`
  query PlannerTaskEnd($scope: String!) {
    tasks(first: 100, sortBy: "createdAt", sortOrder: "desc", filter: { scope: $scope }) {
      pageInfo {
        endCursor
      }
    }
  }
`);

/**
 * A later page of the planner's list (same order), read past the cache: usePlannerTasks writes its new
 * tasks into the cache itself and appends them to PlannerTasksQuery's list.
 */
export const PlannerTasksPageQuery = graphql(`
  query PlannerTasksPage($scope: String!, $after: String) {
    tasks(first: 500, after: $after, sortBy: "createdAt", sortOrder: "desc", filter: { scope: $scope }) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
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

/** The configured categories and priorities (active or not): the labels and colours of the cards' badges. */
export const ConfigLabelsQuery = graphql(`
  query ConfigLabels {
    categories: systemConfigs(configType: "categories") {
      id
      configKey
      displayLabel
      color
    }
    priorities: systemConfigs(configType: "priorities") {
      id
      configKey
      displayLabel
      color
    }
  }
`);
