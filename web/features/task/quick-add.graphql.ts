import { graphql } from '../../gql';

/**
 * One quick-add line, parsed by the server in the viewer's time zone (issue 11). Answers with the
 * planner card's fields so the new task joins the cached lists at once.
 */
export const QuickAddTaskMutation = graphql(`
  mutation QuickAddTask($text: String!) {
    quickAddTask(text: $text) {
      ...TaskCard_task
    }
  }
`);
