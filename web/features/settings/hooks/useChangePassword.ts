import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { ApiTokenRow_TokenFragment } from '../../../gql/graphql';
import { ApiTokensQuery, ChangePasswordMutation } from '../settings.graphql';

/** The form fields the server may name in a refusal (extensions.field). */
export type PasswordField = 'currentPassword' | 'newPassword';

/** The field a refused change names (a wrong current password, a new one that breaks the rules), if any. */
export function refusedField(error: unknown): PasswordField | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const field = error.errors[0]?.extensions?.field;
  return field === 'currentPassword' || field === 'newPassword' ? field : null;
}

/**
 * Changes the viewer's password; resolves with their API tokens (still valid after the change) and
 * refreshes the cached token list with them.
 */
export function useChangePassword(): (currentPassword: string, newPassword: string) => Promise<ApiTokenRow_TokenFragment[]> {
  const [mutate] = useMutation(ChangePasswordMutation, {
    update(cache, result) {
      const apiTokens = result.data?.changePassword.apiTokens;
      if (apiTokens) cache.writeQuery({ query: ApiTokensQuery, data: { apiTokens } });
    },
  });
  return useCallback(
    async (currentPassword, newPassword) => {
      const { data } = await mutate({ variables: { input: { currentPassword, newPassword } } });
      if (!data) throw new Error('Failed to change the password');
      return data.changePassword.apiTokens;
    },
    [mutate],
  );
}
