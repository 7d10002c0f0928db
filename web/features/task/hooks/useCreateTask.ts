import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { useToast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import type { TaskDetails_TaskFragment, TaskInput } from '../../../gql/graphql';
import { CreateTaskMutation } from '../task.graphql';
import { addTaskToLists } from './task-cache';

/** Creates a task, adds it to the cached task lists and toasts the outcome ('Task created successfully' or the failure). */
export function useCreateTask() {
  const [mutate, { loading }] = useMutation(CreateTaskMutation);
  const { toast } = useToast();
  const createTask = useCallback(
    async (input: TaskInput): Promise<TaskDetails_TaskFragment | null> => {
      try {
        const result = await mutate({
          variables: { input },
          update: (cache, { data }) => data && addTaskToLists(cache, data.createTask),
        });
        toast({ title: 'Success', description: 'Task created successfully' });
        return result.data?.createTask ?? null;
      } catch (error) {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to create task'), variant: 'destructive' });
        return null;
      }
    },
    [mutate, toast],
  );
  return { createTask, creating: loading };
}
