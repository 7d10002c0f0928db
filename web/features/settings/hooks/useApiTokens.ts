import { useCallback } from 'react';
import type { Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type { ApiTokenRow_TokenFragment, CreateApiTokenMutation as Created } from '../../../gql/graphql';
import { ApiTokenFragment, CreateApiTokenMutation, RevokeApiTokenMutation } from '../settings.graphql';

type NewToken = Created['createApiToken'];

/** Creates a token and puts it first in the cached list; resolves with the secret (shown once). */
export function useCreateApiToken(): (name: string) => Promise<NewToken> {
  const [mutate] = useMutation(CreateApiTokenMutation);
  return useCallback(
    async (name) => {
      const { data } = await mutate({
        variables: { name },
        update(cache, result) {
          const created = result.data?.createApiToken;
          if (!created) return;
          // The list never holds the secret: write the row without it.
          const ref = cache.writeFragment({
            id: cache.identify({ __typename: 'ApiToken', id: created.id }),
            fragment: ApiTokenFragment,
            data: { __typename: 'ApiToken', id: created.id, name: created.name, createdAt: created.createdAt, lastUsedAt: null } as ApiTokenRow_TokenFragment,
          });
          cache.modify({
            fields: {
              apiTokens: (existing: readonly Reference[] = []) => (ref && !existing.some((r) => r.__ref === ref.__ref) ? [ref, ...existing] : existing),
            },
          });
        },
      });
      if (!data) throw new Error('Failed to create the token');
      return data.createApiToken;
    },
    [mutate],
  );
}

/** Revokes a token and drops it from the cached list. */
export function useRevokeApiToken(): (id: string) => Promise<void> {
  const [mutate] = useMutation(RevokeApiTokenMutation);
  return useCallback(
    async (id) => {
      await mutate({
        variables: { id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'ApiToken', id }) });
          cache.gc();
        },
      });
    },
    [mutate],
  );
}
