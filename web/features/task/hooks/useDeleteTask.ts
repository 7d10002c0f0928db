import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { useToast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import { DeleteTaskMutation } from '../delete-task.graphql';
import { removeTaskFromCache } from './task-cache';
import { useUndo } from './useUndo';

/** Deletes a task, drops it from every cached list and toasts the outcome ('Task deleted successfully' or the failure) with Undo. */
export function useDeleteTask() {
  const [mutate, { loading }] = useMutation(DeleteTaskMutation);
  const { toast } = useToast();
  const undo = useUndo();
  const deleteTask = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await mutate({ variables: { id }, update: (cache) => removeTaskFromCache(cache, id) });
        undo.deleted([id]);
        return true;
      } catch (error) {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to delete task'), variant: 'destructive' });
        return false;
      }
    },
    [mutate, toast, undo],
  );
  return { deleteTask, deleting: loading };
}
