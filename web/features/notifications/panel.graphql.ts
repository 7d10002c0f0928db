import { graphql } from '../../gql';

/** The panel's list, newest first, with the unread count. */
export const NotificationListQuery = graphql(`
  query NotificationList($first: Int, $after: String) {
    notifications(first: $first, after: $after) {
      totalCount
      unreadCount
      nodes {
        id
        kind
        taskId
        taskTitle
        commentId
        message
        read
        createdAt
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** Marks the given notifications read, or all of them without ids; answers the unread count left. */
export const MarkNotificationsReadMutation = graphql(`
  mutation MarkNotificationsRead($ids: [ID!]) {
    markNotificationsRead(ids: $ids)
  }
`);
