import { graphql } from '../../gql';

/** The viewer's passkeys (Settings › Security › Passkeys). */
export const PasskeysQuery = graphql(`
  query Passkeys {
    passkeys {
      id
      name
      createdAt
      lastUsedAt
    }
  }
`);

export const PasskeyRegistrationOptionsMutation = graphql(`
  mutation PasskeyRegistrationOptions {
    passkeyRegistrationOptions
  }
`);

export const AddPasskeyMutation = graphql(`
  mutation AddPasskey($response: String!, $name: String) {
    addPasskey(response: $response, name: $name) {
      id
      name
      createdAt
      lastUsedAt
    }
  }
`);

export const RenamePasskeyMutation = graphql(`
  mutation RenamePasskey($id: ID!, $name: String!) {
    renamePasskey(id: $id, name: $name) {
      id
      name
    }
  }
`);

export const RemovePasskeyMutation = graphql(`
  mutation RemovePasskey($id: ID!) {
    removePasskey(id: $id)
  }
`);
