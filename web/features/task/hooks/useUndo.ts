import { useCallback, useMemo } from 'react';
import { useMutation } from '@apollo/client/react';
import type { TaskCard_TaskFragment } from '../../../gql/graphql';
import { errorCode, errorMessage } from '../../../lib/errors';
import { useToast, type ToastInput } from '../../../lib/toast';
import { RestoreDeletedTasksMutation, UndoTaskChangeMutation } from '../undo.graphql';
import { addTaskToLists } from './task-cache';

type Card = Pick<TaskCard_TaskFragment, 'id' | 'version' | 'status' | 'scheduledDate' | 'scheduledTime' | 'progress'>;

/**
 * Success toasts with **Undo** (issue 16): the toast's button, or Ctrl/Cmd+Z while it shows, puts back
 * exactly what the change replaced, through the services (audited and pushed live like any change).
 * A deleted task comes back from its deletion entry (restoreDeletedTasks: same id, subtasks and
 * comments); a move or completion is reversed with updateTask, sending the earlier status, dates and
 * progress with the version the change left, so a teammate's later change to those fields is not
 * overwritten (CONFLICT: nothing is undone and the toast says why).
 */
export function useUndo() {
  const { toast } = useToast();
  const [restore] = useMutation(RestoreDeletedTasksMutation);
  const [update] = useMutation(UndoTaskChangeMutation);

  const offer = useCallback(
    (message: Omit<ToastInput, 'action'>, undo: () => Promise<unknown>, done: string) =>
      toast({
        ...message,
        action: {
          label: 'Undo',
          undo: true,
          run: () =>
            void undo().then(
              () => toast({ title: 'Undone', description: done }),
              (error: unknown) =>
                toast({
                  title: 'Could not undo',
                  description:
                    errorCode(error) === 'CONFLICT'
                      ? 'Someone else changed this task in the meantime, so it was left as it is.'
                      : errorMessage(error, 'Failed to undo'),
                  variant: 'destructive',
                }),
            ),
        },
      }),
    [toast],
  );

  /** After a delete (one task or several): 'Task deleted successfully' with Undo. */
  const deleted = useCallback(
    (ids: readonly string[]) =>
      offer(
        { title: 'Success', description: 'Task deleted successfully' },
        () =>
          restore({
            variables: { ids: [...ids] },
            update: (cache, { data }) => data?.restoreDeletedTasks.forEach((task) => addTaskToLists(cache, task)),
          }),
        ids.length === 1 ? 'The task is back.' : `The ${ids.length} tasks are back.`,
      ),
    [offer, restore],
  );

  /** After a move or completion from `before` to `after` (the server's answer): the update toast with Undo. */
  const changed = useCallback(
    (before: Card, after: Card) =>
      offer(
        { title: 'Success', description: 'Task updated successfully' },
        () =>
          update({
            variables: {
              id: before.id,
              input: {
                version: after.version,
                status: before.status,
                scheduledDate: before.scheduledDate ?? null,
                scheduledTime: before.scheduledTime ?? null,
                progress: before.progress,
              },
            },
          }),
        'The task is back where it was.',
      ),
    [offer, update],
  );

  return useMemo(() => ({ deleted, changed }), [deleted, changed]);
}
