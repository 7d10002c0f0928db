import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { useToast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import type { TaskDetails_TaskFragment, TaskInput } from '../../../gql/graphql';
import { UpdateTaskMutation } from '../task.graphql';
import { ACTIVITY_REFETCH } from './task-cache';

/** Saves task changes (the normalised cache updates every view of the task) and toasts the outcome. */
export function useUpdateTask() {
  const [mutate, { loading }] = useMutation(UpdateTaskMutation);
  const { toast } = useToast();
  const updateTask = useCallback(
    async (id: string, input: TaskInput): Promise<TaskDetails_TaskFragment | null> => {
      try {
        const result = await mutate({ variables: { id, input }, refetchQueries: ACTIVITY_REFETCH });
        toast({ title: 'Success', description: 'Task updated successfully' });
        return result.data?.updateTask ?? null;
      } catch (error) {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to update task'), variant: 'destructive' });
        return null;
      }
    },
    [mutate, toast],
  );
  return { updateTask, saving: loading };
}
