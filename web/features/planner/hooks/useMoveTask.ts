import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { MoveTaskMutation } from '../planner.graphql';
import { movedTask, type PlannerTask } from '../planner-model';
import type { MoveInput } from './usePlannerActions';

/**
 * The one move (SPEC 4) with an optimistic answer: the card jumps at once (the normalised Task's
 * `column` changes, so every list reading it follows) and the server's answer settles it; a failure
 * rolls the optimistic layer back.
 */
export function useMoveTask() {
  const [mutate] = useMutation(MoveTaskMutation);
  return useCallback(
    async (task: PlannerTask, input: MoveInput): Promise<PlannerTask> => {
      const result = await mutate({
        variables: { input: { taskId: task.id, column: input.column, scheduledTime: input.scheduledTime, scheduledDate: input.scheduledDate } },
        optimisticResponse: { moveTask: movedTask(task, input) },
      });
      if (!result.data?.moveTask) throw result.error ?? new Error('Failed to update task');
      return result.data.moveTask;
    },
    [mutate],
  );
}
