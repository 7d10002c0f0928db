import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { SetCapacityMutation } from '../manager.graphql';

/**
 * Sets a user's daily capacity (admins). The dashboard's Today figures (capacity, over capacity) are
 * the caller's to reload once this resolves; a refetch here would race the page's live refetches.
 */
export function useSetCapacity(): (userId: string, hours: number) => Promise<void> {
  const [mutate] = useMutation(SetCapacityMutation);
  return useCallback(
    async (userId, hours) => {
      await mutate({ variables: { id: userId, hours } });
    },
    [mutate],
  );
}
