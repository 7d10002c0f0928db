import { graphql } from '../../gql';

/**
 * Every board change the viewer may see after `since`, in seq order, with the task as it is now
 * (null after a removal).
 */
export const BoardEventsSubscription = graphql(`
  subscription BoardEvents($since: Int) {
    boardEvents(since: $since) {
      ...BoardEvent_event
    }
  }
`);

export const BoardEventFragment = graphql(`
  fragment BoardEvent_event on BoardEvent {
    seq
    kind
    taskId
    entityId
    task {
      ...TaskDetails_task
    }
    subtaskCount {
      done
      total
    }
    commentCount
  }
`);
