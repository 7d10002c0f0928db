import { graphql } from '../../gql';

export const PresenceViewerFragment = graphql(`
  fragment PresenceViewer_viewer on PresenceViewer {
    editing
    user {
      id
      username
      firstName
      lastName
    }
  }
`);

/** The others on one open task (the subscription is this view's presence, renewed by AnnouncePresence). */
export const TaskPresenceSubscription = graphql(`
  subscription TaskPresence($taskId: ID!, $clientId: String!) {
    taskPresence(taskId: $taskId, clientId: $clientId) {
      taskId
      viewers {
        ...PresenceViewer_viewer
      }
    }
  }
`);

/** Who has which task open, for the board's cards (one subscription for all of them). */
export const BoardPresenceSubscription = graphql(`
  subscription BoardPresence {
    boardPresence {
      taskId
      viewers {
        ...PresenceViewer_viewer
      }
    }
  }
`);

export const AnnouncePresenceMutation = graphql(`
  mutation AnnouncePresence($taskId: ID!, $clientId: String!, $editing: Boolean!) {
    announcePresence(taskId: $taskId, clientId: $clientId, editing: $editing)
  }
`);
