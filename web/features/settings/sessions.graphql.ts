import { graphql } from '../../gql';

/** The viewer's signed-in sessions (Settings › Security › Where you're signed in). */
export const MySessionsQuery = graphql(`
  query MySessions {
    mySessions {
      id
      current
      browser
      os
      ip
      signedInAt
      lastSeenAt
    }
  }
`);

export const RevokeSessionMutation = graphql(`
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id)
  }
`);

export const RevokeOtherSessionsMutation = graphql(`
  mutation RevokeOtherSessions {
    revokeOtherSessions
  }
`);
