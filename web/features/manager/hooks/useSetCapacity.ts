import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { SetCapacityMutation } from '../manager.graphql';

/** Sets a user's daily capacity (admins) and refreshes the dashboard's Today figures. */
export function useSetCapacity(): (userId: string, hours: number) => Promise<void> {
  const [mutate] = useMutation(SetCapacityMutation, { refetchQueries: ['ManagerDashboard'], awaitRefetchQueries: true });
  return useCallback(
    async (userId, hours) => {
      await mutate({ variables: { id: userId, hours } });
    },
    [mutate],
  );
}
