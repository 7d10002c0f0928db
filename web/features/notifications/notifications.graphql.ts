import { graphql } from '../../gql';

/** The bell's count (loaded with the shell: keep it tiny). */
export const NotificationCountQuery = graphql(`
  query NotificationCount {
    notifications(first: 1) {
      unreadCount
      nodes {
        id
      }
    }
  }
`);

/** New notifications of the viewer, live (only the recipient receives them); first the newest one, to check the count. */
export const NotificationAddedSubscription = graphql(`
  subscription NotificationAdded {
    notificationAdded(includeLatest: true) {
      id
      kind
      taskId
      message
    }
  }
`);
