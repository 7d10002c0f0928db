import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { QuickAddTaskMutation } from '../quick-add.graphql';
import { addTaskToLists } from './task-cache';

/** Creates a task from a quick-add line (quickAddTask) and adds it to the cached task lists. Throws on failure. */
export function useQuickAddTask() {
  const [mutate, { loading }] = useMutation(QuickAddTaskMutation);
  const quickAdd = useCallback(
    async (text: string) => {
      const result = await mutate({
        variables: { text },
        update: (cache, { data }) => {
          if (data?.quickAddTask) addTaskToLists(cache, data.quickAddTask);
        },
      });
      if (!result.data?.quickAddTask) throw result.error ?? new Error('Failed to create task');
      return result.data.quickAddTask;
    },
    [mutate],
  );
  return { quickAdd, adding: loading };
}
