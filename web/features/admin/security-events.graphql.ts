import { graphql } from '../../gql';

/** Admin › Security events: sign-ins, refused sign-ins, sign-outs and sign-in changes, newest first. */
export const SecurityEventsQuery = graphql(`
  query AdminSecurityEvents($first: Int, $after: String) {
    securityEvents(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        kind
        description
        userName
        actorName
        ip
        device
        createdAt
      }
    }
  }
`);

/** Admins: ends every session of a person (the user dialog). */
export const SignOutUserEverywhereMutation = graphql(`
  mutation SignOutUserEverywhere($userId: ID!) {
    signOutUserEverywhere(userId: $userId)
  }
`);
