import { graphql } from '../../gql';

/**
 * The planner's one query: every task the viewer may read (up to the API's page limit of 500), with
 * the card fragment. Columns, the master list, search and the team filter are all derived from it on
 * the client, so a task written into the cache (a mutation or, later, a subscription) shows everywhere.
 * The arguments are literals so the cache key is stable for cache updates (planner-cache.ts).
 * `latestSeq` starts the live stream from where this read stood (lib/live-start.ts).
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
