import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useToast } from '../../../lib/toast';
import { errorCode, errorMessage } from '../../../lib/errors';
import type { TaskDetails_TaskFragment, TaskInput } from '../../../gql/graphql';
import { UpdateTaskMutation } from '../task.graphql';
import { ACTIVITY_REFETCH } from './task-cache';

/** A refused save: the task changed since the version sent, in these fields (the server's names). */
export interface UpdateConflict {
  fields: string[];
  message: string;
  /** Who made the newest of the changes since (the server's `changedBy`), when known. */
  changedBy: { id: string; name: string } | null;
}

/** The `changedBy` of a CONFLICT's extensions, when well formed. */
function changedByOf(value: unknown): UpdateConflict['changedBy'] {
  if (!value || typeof value !== 'object') return null;
  const { id, name } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' ? { id, name } : null;
}

export interface UpdateTaskOptions {
  /** Called instead of the error toast when the server answers CONFLICT (a stale `version`). */
  onConflict?(conflict: UpdateConflict): void;
}

/** Saves task changes (the normalised cache updates every view of the task) and toasts the outcome. */
export function useUpdateTask() {
  const [mutate, { loading }] = useMutation(UpdateTaskMutation);
  const { toast } = useToast();
  const updateTask = useCallback(
    async (id: string, input: TaskInput, options: UpdateTaskOptions = {}): Promise<TaskDetails_TaskFragment | null> => {
      try {
        const result = await mutate({ variables: { id, input }, refetchQueries: ACTIVITY_REFETCH });
        toast({ title: 'Success', description: 'Task updated successfully' });
        return result.data?.updateTask ?? null;
      } catch (error) {
        if (options.onConflict && errorCode(error) === 'CONFLICT' && CombinedGraphQLErrors.is(error)) {
          const extensions = error.errors[0]?.extensions;
          const fields = extensions?.conflictingFields;
          options.onConflict({
            fields: Array.isArray(fields) ? fields.map(String) : [],
            message: errorMessage(error, 'Someone else changed this task'),
            changedBy: changedByOf(extensions?.changedBy),
          });
          return null;
        }
        toast({ title: 'Error', description: errorMessage(error, 'Failed to update task'), variant: 'destructive' });
        return null;
      }
    },
    [mutate, toast],
  );
  return { updateTask, saving: loading };
}
