import { graphql } from '../../gql';

/**
 * Deleting one task: a module of its own because the planner's first download needs it (useDeleteTasks),
 * and a bundler puts a module in one chunk, so from task.graphql.ts it brought every task document of
 * the details sheet along (about 5 kB gzip).
 */
export const DeleteTaskMutation = graphql(`
  mutation DeleteTask($id: ID!) {
    deleteTask(id: $id)
  }
`);
