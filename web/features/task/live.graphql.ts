import { graphql } from '../../gql';

/** Every board change the viewer may see, with the task as it is now (null after a removal). */
export const BoardEventsSubscription = graphql(`
  subscription BoardEvents {
    boardEvents {
      ...BoardEvent_event
    }
  }
`);

/** What changed since the last event seen (after the socket reconnects). */
export const TaskChangesQuery = graphql(`
  query TaskChanges($since: Int!, $first: Int) {
    taskChanges(since: $since, first: $first) {
      latestSeq
      nextSince
      hasMore
      resetRequired
      events {
        ...BoardEvent_event
      }
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
