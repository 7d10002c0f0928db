import { graphql } from '../../gql';

/** Undo of a delete: the tasks come back (same ids, subtasks, comments) with the card's fields. */
export const RestoreDeletedTasksMutation = graphql(`
  mutation RestoreDeletedTasks($ids: [ID!]!) {
    restoreDeletedTasks(ids: $ids) {
      ...TaskCard_task
    }
  }
`);

/** Undo of a move or completion: the earlier status, dates and progress, based on the version it left. */
export const UndoTaskChangeMutation = graphql(`
  mutation UndoTaskChange($id: ID!, $input: TaskInput!) {
    updateTask(id: $id, input: $input) {
      ...TaskCard_task
    }
  }
`);
