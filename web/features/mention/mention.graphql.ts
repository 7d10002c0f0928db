import { graphql } from '../../gql';

export const MentionableUsersQuery = graphql(`
  query MentionableUsers($taskId: ID, $assignedToId: ID, $search: String) {
    mentionableUsers(taskId: $taskId, assignedToId: $assignedToId, search: $search) {
      id
      username
      firstName
      lastName
      name
    }
  }
`);
