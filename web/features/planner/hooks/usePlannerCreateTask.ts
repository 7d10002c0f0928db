import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import type { TaskInput } from '../../../gql/graphql';
import { PlannerCreateTaskMutation } from '../planner.graphql';
import { addTaskToLists } from '../../task';
import type { PlannerTask } from '../planner-model';

/** Creates a task (quick add, time-slot inline create) and puts it into the planner's list. */
export function usePlannerCreateTask() {
  const [mutate, { loading }] = useMutation(PlannerCreateTaskMutation);
  const create = useCallback(
    async (input: TaskInput): Promise<PlannerTask> => {
      const result = await mutate({
        variables: { input },
        update: (cache, { data }) => {
          if (data?.createTask) addTaskToLists(cache, data.createTask);
        },
      });
      if (!result.data?.createTask) throw result.error ?? new Error('Failed to create task');
      return result.data.createTask;
    },
    [mutate],
  );
  return { create, creating: loading };
}
