import { graphql } from '../../gql';

/** The details screen's one query: the task with its subtasks and comments. */
export const TaskDetailsQuery = graphql(`
  query TaskDetails($id: ID!) {
    task(id: $id) {
      ...TaskDetails_task
      subtasks {
        ...SubtaskItem_subtask
      }
      comments {
        ...CommentItem_comment
      }
    }
  }
`);

/** The activity log, loaded with the section and refetched after each change to the task. */
export const TaskActivityQuery = graphql(`
  query TaskActivity($taskId: ID!) {
    taskAudit(taskId: $taskId) {
      ...ActivityLogEntry_entry
    }
  }
`);

export const CreateTaskMutation = graphql(`
  mutation CreateTask($input: TaskInput!) {
    createTask(input: $input) {
      ...TaskDetails_task
      ...TaskCard_task
    }
  }
`);

export const UpdateTaskMutation = graphql(`
  mutation UpdateTask($id: ID!, $input: TaskInput!) {
    updateTask(id: $id, input: $input) {
      ...TaskDetails_task
      ...TaskCard_task
    }
  }
`);

export const CreateSubtaskMutation = graphql(`
  mutation CreateSubtask($taskId: ID!, $input: SubtaskInput!) {
    createSubtask(taskId: $taskId, input: $input) {
      ...SubtaskItem_subtask
    }
  }
`);

export const UpdateSubtaskMutation = graphql(`
  mutation UpdateSubtask($id: ID!, $input: SubtaskInput!) {
    updateSubtask(id: $id, input: $input) {
      ...SubtaskItem_subtask
    }
  }
`);

export const DeleteSubtaskMutation = graphql(`
  mutation DeleteSubtask($id: ID!) {
    deleteSubtask(id: $id)
  }
`);

export const PromoteSubtaskMutation = graphql(`
  mutation PromoteSubtask($id: ID!) {
    promoteSubtask(id: $id) {
      ...TaskDetails_task
      ...TaskCard_task
    }
  }
`);

export const AddCommentMutation = graphql(`
  mutation AddComment($taskId: ID!, $input: CommentInput!) {
    addComment(taskId: $taskId, input: $input) {
      ...CommentItem_comment
    }
  }
`);

export const UpdateCommentMutation = graphql(`
  mutation UpdateComment($id: ID!, $content: String!) {
    updateComment(id: $id, content: $content) {
      ...CommentItem_comment
    }
  }
`);

export const DeleteCommentMutation = graphql(`
  mutation DeleteComment($id: ID!) {
    deleteComment(id: $id)
  }
`);

/** Live changes of the open task (subtasks, comments, the task itself), applied to the cache. */
export const TaskDetailsEventsSubscription = graphql(`
  subscription TaskDetailsEvents($taskId: ID, $since: Int) {
    boardEvents(taskId: $taskId, since: $since) {
      kind
      taskId
      entityId
      task {
        ...TaskDetails_task
      }
      subtask {
        ...SubtaskItem_subtask
      }
      comment {
        ...CommentItem_comment
      }
      subtaskCount {
        done
        total
      }
      commentCount
    }
  }
`);
