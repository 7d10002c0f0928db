import { graphql } from '../../gql';

export const MentionableUsersQuery = graphql(`
  query MentionableUsers($taskId: ID!, $search: String) {
    mentionableUsers(taskId: $taskId, search: $search) {
      id
      username
      firstName
      lastName
      name
    }
  }
`);
