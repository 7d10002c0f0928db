import { graphql } from '../gql';

export const ViewerFields = graphql(`
  fragment ViewerFields on User {
    id
    username
    firstName
    lastName
    email
    role
    managerId
    theme
  }
`);

export const MeQuery = graphql(`
  query Me {
    me {
      ...ViewerFields
    }
  }
`);

export const LoginMutation = graphql(`
  mutation Login($username: String!, $password: String!, $code: String) {
    login(username: $username, password: $password, code: $code) {
      ...ViewerFields
    }
  }
`);

export const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

export const PasskeySignInOptionsMutation = graphql(`
  mutation PasskeySignInOptions {
    passkeySignInOptions
  }
`);

export const LoginWithPasskeyMutation = graphql(`
  mutation LoginWithPasskey($response: String!) {
    loginWithPasskey(response: $response) {
      ...ViewerFields
    }
  }
`);
