import { useCallback, useRef } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { TaskCardFragment } from '../components/TaskCard';
import { MoveTaskMutation } from '../planner.graphql';
import { movedTask, type PlannerTask } from '../planner-model';
import type { MoveInput } from './usePlannerActions';

/** The version of a task the cache holds (the server's last answer, or a live update). */
const TaskVersion = graphql(`
  fragment MoveTaskVersion_task on Task {
    version
  }
`);

/**
 * The one move with an optimistic answer: the card jumps at once (the normalised Task's
 * `column` changes, so every list reading it follows) and the server's answer settles it; a failure
 * rolls the optimistic layer back. Each move sends the version it is based on, so moving a task a
 * teammate has placed elsewhere meanwhile is refused (CONFLICT) instead of silently undoing theirs;
 * moves of one task wait for the one before, so they are based on the server's answer, not a guess.
 */
export function useMoveTask() {
  const [mutate] = useMutation(MoveTaskMutation);
  const client = useApolloClient();
  const inFlight = useRef(new Map<string, Promise<unknown>>());
  return useCallback(
    (task: PlannerTask, input: MoveInput): Promise<PlannerTask> => {
      const before = inFlight.current.get(task.id);
      const run = async (): Promise<PlannerTask> => {
        const id = client.cache.identify({ __typename: 'Task', id: task.id });
        const version = (id ? client.cache.readFragment({ id, fragment: TaskVersion })?.version : undefined) ?? task.version;
        const result = await mutate({
          variables: {
            input: { taskId: task.id, column: input.column, scheduledTime: input.scheduledTime, scheduledDate: input.scheduledDate, day: input.day, version },
          },
          optimisticResponse: { moveTask: movedTask({ ...task, version }, input) },
        });
        if (!result.data?.moveTask) throw result.error ?? new Error('Failed to update task');
        return result.data.moveTask;
      };
      const done = before ? before.then(run, run) : run();
      const settled = done.catch(() => undefined);
      inFlight.current.set(task.id, settled);
      void settled.then(() => inFlight.current.get(task.id) === settled && inFlight.current.delete(task.id));
      return done;
    },
    [mutate, client],
  );
}

/**
 * The one move for a task known by id (a card on screen, as the command palette knows it): the task
 * as the cache holds it, moved through useMoveTask with its version, optimism and ordering.
 */
export function useMoveTaskById() {
  const move = useMoveTask();
  const client = useApolloClient();
  return useCallback(
    (taskId: string, input: MoveInput): Promise<PlannerTask> => {
      const id = client.cache.identify({ __typename: 'Task', id: taskId });
      const task = id ? client.cache.readFragment({ id, fragment: TaskCardFragment, fragmentName: 'TaskCard_task' }) : null;
      return task ? move(task, input) : Promise.reject(new Error('Failed to update task'));
    },
    [move, client],
  );
}

export type MoveTaskById = ReturnType<typeof useMoveTaskById>;
