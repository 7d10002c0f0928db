import { graphql } from '../../gql';

/** A token as the Settings list shows it. */
export const ApiTokenFragment = graphql(`
  fragment ApiTokenRow_token on ApiToken {
    id
    name
    createdAt
    lastUsedAt
  }
`);

export const ApiTokensQuery = graphql(`
  query SettingsApiTokens {
    apiTokens {
      ...ApiTokenRow_token
    }
  }
`);

export const CreateApiTokenMutation = graphql(`
  mutation CreateApiToken($name: String!) {
    createApiToken(name: $name) {
      id
      name
      token
      createdAt
    }
  }
`);

export const RevokeApiTokenMutation = graphql(`
  mutation RevokeApiToken($id: ID!) {
    revokeApiToken(id: $id)
  }
`);

export const CalendarFeedQuery = graphql(`
  query SettingsCalendarFeed {
    calendarFeed {
      url
    }
  }
`);

export const RotateCalendarFeedMutation = graphql(`
  mutation RotateCalendarFeed {
    rotateCalendarFeed {
      url
    }
  }
`);

export const EmailInQuery = graphql(`
  query SettingsEmailIn {
    emailIn {
      address
    }
  }
`);

export const RotateEmailInMutation = graphql(`
  mutation RotateEmailIn {
    rotateEmailIn {
      address
    }
  }
`);

/** Answers the person's API tokens: the change leaves them valid, so the confirmation lists them. */
export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      apiTokens {
        ...ApiTokenRow_token
      }
    }
  }
`);
