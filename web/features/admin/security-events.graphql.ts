import { graphql } from '../../gql';

/** Admin › Security events: sign-ins, refused sign-ins, sign-outs and sign-in changes, newest first. */
export const SecurityEventsQuery = graphql(`
  query AdminSecurityEvents($first: Int, $after: String, $userId: ID) {
    securityEvents(first: $first, after: $after, userId: $userId) {
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

/** The people Admin › Security events can be narrowed to (inactive ones too: their events stay). */
export const SecurityEventPeopleQuery = graphql(`
  query SecurityEventPeople {
    users(includeInactive: true) {
      id
      username
      firstName
      lastName
      isActive
    }
  }
`);

/** Admins: ends every session of a person (the user dialog). */
export const SignOutUserEverywhereMutation = graphql(`
  mutation SignOutUserEverywhere($userId: ID!) {
    signOutUserEverywhere(userId: $userId)
  }
`);
