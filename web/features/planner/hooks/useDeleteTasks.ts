import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { DeleteTasksMutation } from '../planner.graphql';
import { DeleteTaskMutation, removeTaskFromCache } from '../../task';
import type { ApolloCache } from '@apollo/client';

const removeAll = (cache: ApolloCache, ids: readonly string[]) => ids.forEach((id) => removeTaskFromCache(cache, id));

/** Deletes one task (deleteTask) or several at once (deleteTasks: all or nothing) and drops them from the cache. */
export function useDeleteTasks() {
  const [deleteOne] = useMutation(DeleteTaskMutation);
  const [deleteMany] = useMutation(DeleteTasksMutation);
  return useCallback(
    async (ids: string[]): Promise<void> => {
      if (ids.length === 0) return;
      if (ids.length === 1) {
        await deleteOne({ variables: { id: ids[0] }, update: (cache) => removeAll(cache, ids) });
      } else {
        await deleteMany({ variables: { ids }, update: (cache, { data }) => removeAll(cache, data?.deleteTasks ?? ids) });
      }
    },
    [deleteOne, deleteMany],
  );
}
