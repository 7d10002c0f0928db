import { useCallback } from 'react';
import type { ApolloCache, Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useToast } from '../../../lib/toast';
import { errorMessage, failureTitle } from '../../../lib/errors';
import type { SubtaskInput, SubtaskItem_SubtaskFragment } from '../../../gql/graphql';
import { CreateSubtaskMutation, DeleteSubtaskMutation, PromoteSubtaskMutation, UpdateSubtaskMutation } from '../task.graphql';
import { SubtaskFragment } from '../task.fragments';
import { ACTIVITY_REFETCH, addTaskToLists } from './task-cache';

type Change = { add?: SubtaskItem_SubtaskFragment; removeId?: string; count?: { done: number; total: number } | null };

/** Applies a subtask change to its task's cached list and recomputes the task's done/total count. */
export function applySubtaskChange(cache: ApolloCache, taskId: string, change: Change): void {
  const taskRef = cache.identify({ __typename: 'Task', id: taskId });
  if (!taskRef) return;
  let refs: readonly Reference[] | undefined;
  // Writing merges a changed subtask into its normalised entry (Subtask:id) as well.
  const added = change.add ? cache.writeFragment({ fragment: SubtaskFragment, fragmentName: 'SubtaskItem_subtask', data: change.add }) : undefined;
  cache.modify<{ subtasks: readonly Reference[] }>({
    id: taskRef,
    fields: {
      subtasks(existing, { readField }) {
        let list = (existing ?? []) as readonly Reference[];
        if (change.removeId) list = list.filter((r) => readField('id', r) !== change.removeId);
        if (added && change.add && !list.some((r) => readField('id', r) === change.add!.id)) list = [...list, added];
        refs = list;
        return list;
      },
    },
  });
  cache.modify<{ subtaskCount: { done: number; total: number } }>({
    id: taskRef,
    fields: {
      subtaskCount(existing, { readField }) {
        if (change.count) return { __typename: 'SubtaskCount', done: change.count.done, total: change.count.total };
        if (!refs) {
          // The subtask list is not cached: adjust the count by the change alone.
          const count = existing as { done: number; total: number } | undefined;
          if (!count) return existing;
          return { ...count, total: Math.max(0, count.total + (change.add ? 1 : 0) - (change.removeId ? 1 : 0)) };
        }
        const done = refs.filter((r) => readField<string>('status', r) === 'Done').length;
        return { __typename: 'SubtaskCount', done, total: refs.length };
      },
    },
  });
}

/** Recomputes a task's done/total after a status change of one of its cached subtasks. */
function recount(cache: ApolloCache, taskId: string): void {
  applySubtaskChange(cache, taskId, {});
}

/** The subtask actions (create, update, delete, promote) with their toasts; each returns whether it succeeded. */
export function useSubtaskMutations(taskId: string) {
  const { toast } = useToast();
  const [create] = useMutation(CreateSubtaskMutation);
  const [update] = useMutation(UpdateSubtaskMutation);
  const [remove] = useMutation(DeleteSubtaskMutation);
  const [promote] = useMutation(PromoteSubtaskMutation);

  const fail = useCallback(
    (title: string, error: unknown, fallback: string) => toast({ title, description: errorMessage(error, fallback), variant: 'destructive' }),
    [toast],
  );

  const createSubtask = useCallback(
    async (input: SubtaskInput) => {
      try {
        await create({
          variables: { taskId, input },
          refetchQueries: ACTIVITY_REFETCH,
          update: (cache, { data }) => data && applySubtaskChange(cache, taskId, { add: data.createSubtask }),
        });
        toast({ title: 'Success', description: 'Subtask created successfully' });
        return true;
      } catch (error) {
        fail('Error creating subtask', error, 'Failed to create subtask');
        return false;
      }
    },
    [create, taskId, toast, fail],
  );

  const updateSubtask = useCallback(
    async (id: string, input: SubtaskInput, current?: SubtaskItem_SubtaskFragment) => {
      try {
        await update({
          variables: { id, input },
          refetchQueries: ACTIVITY_REFETCH,
          // A status toggle shows at once; the server's answer replaces it (or the failure rolls it back).
          optimisticResponse: current && input.status ? { updateSubtask: { ...current, status: input.status } } : undefined,
          update: (cache) => recount(cache, taskId),
        });
        toast({ title: 'Success', description: 'Subtask updated successfully' });
        return true;
      } catch (error) {
        fail(failureTitle(error, 'Error updating subtask'), error, 'Failed to update subtask');
        return false;
      }
    },
    [update, taskId, toast, fail],
  );

  const deleteSubtask = useCallback(
    async (id: string) => {
      try {
        await remove({
          variables: { id },
          refetchQueries: ACTIVITY_REFETCH,
          update: (cache) => {
            applySubtaskChange(cache, taskId, { removeId: id });
            cache.evict({ id: cache.identify({ __typename: 'Subtask', id }) });
          },
        });
        toast({ title: 'Success', description: 'Subtask deleted successfully' });
        return true;
      } catch (error) {
        fail('Error deleting subtask', error, 'Failed to delete subtask');
        return false;
      }
    },
    [remove, taskId, toast, fail],
  );

  const promoteSubtask = useCallback(
    async (id: string) => {
      try {
        await promote({
          variables: { id },
          refetchQueries: ACTIVITY_REFETCH,
          update: (cache, { data }) => {
            applySubtaskChange(cache, taskId, { removeId: id });
            cache.evict({ id: cache.identify({ __typename: 'Subtask', id }) });
            if (data) addTaskToLists(cache, data.promoteSubtask);
          },
        });
        toast({ title: 'Success', description: 'Subtask promoted to task successfully' });
        return true;
      } catch (error) {
        fail('Error promoting subtask', error, 'Failed to promote subtask');
        return false;
      }
    },
    [promote, taskId, toast, fail],
  );

  return { createSubtask, updateSubtask, deleteSubtask, promoteSubtask };
}
