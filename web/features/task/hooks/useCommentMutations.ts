import { useCallback } from 'react';
import type { ApolloCache, Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useToast } from '../../../lib/toast';
import type { CommentItem_CommentFragment } from '../../../gql/graphql';
import { AddCommentMutation, DeleteCommentMutation, UpdateCommentMutation } from '../task.graphql';
import { CommentFragment } from '../task.fragments';

/**
 * Adds a comment to, or removes one from, its task's cached list and count. `count` (the server's
 * count, from a live event) wins over counting the change.
 */
export function applyCommentChange(
  cache: ApolloCache,
  taskId: string,
  change: { add?: CommentItem_CommentFragment; removeId?: string; count?: number | null },
): void {
  const taskRef = cache.identify({ __typename: 'Task', id: taskId });
  if (!taskRef) return;
  let delta = 0;
  const added = change.add ? cache.writeFragment({ fragment: CommentFragment, fragmentName: 'CommentItem_comment', data: change.add }) : undefined;
  cache.modify<{ comments: readonly Reference[]; commentCount: number }>({
    id: taskRef,
    fields: {
      comments(existing, { readField }) {
        let list = (existing ?? []) as readonly Reference[];
        if (change.removeId) {
          const before = list.length;
          list = list.filter((r) => readField('id', r) !== change.removeId);
          delta -= before - list.length;
        }
        if (added && change.add && !list.some((r) => readField('id', r) === change.add!.id)) {
          list = [...list, added];
          delta += 1;
        }
        return list;
      },
    },
  });
  const count = change.count;
  if (typeof count === 'number') cache.modify<{ commentCount: number }>({ id: taskRef, fields: { commentCount: () => count } });
  else if (delta) cache.modify<{ commentCount: number }>({ id: taskRef, fields: { commentCount: (n) => Math.max(0, (n as number) + delta) } });
}

/** Adding, editing and deleting comments with their toasts ('Comment added', 'Comment updated', 'Comment deleted' and the failures). */
export function useCommentMutations(taskId: string) {
  const { toast } = useToast();
  const [add, { loading: adding }] = useMutation(AddCommentMutation);
  const [remove] = useMutation(DeleteCommentMutation);
  const [update, { loading: updating }] = useMutation(UpdateCommentMutation);

  const addComment = useCallback(
    async (content: string) => {
      try {
        const { data } = await add({
          variables: { taskId, input: { content, commentType: 'comment', isInternal: false } },
          update: (cache, { data }) => data && applyCommentChange(cache, taskId, { add: data.addComment }),
        });
        toast({ title: 'Comment added', description: 'Your comment has been added to the task.' });
        return data?.addComment ?? null;
      } catch {
        toast({ title: 'Error', description: 'Failed to add comment. Please try again.', variant: 'destructive' });
        return null;
      }
    },
    [add, taskId, toast],
  );

  const updateComment = useCallback(
    async (id: string, content: string) => {
      try {
        await update({ variables: { id, content } });
        toast({ title: 'Comment updated', description: 'Your comment has been changed.' });
        return true;
      } catch {
        toast({ title: 'Error', description: 'Failed to update the comment. Please try again.', variant: 'destructive' });
        return false;
      }
    },
    [update, toast],
  );

  const deleteComment = useCallback(
    async (id: string) => {
      try {
        await remove({
          variables: { id },
          update: (cache) => {
            applyCommentChange(cache, taskId, { removeId: id });
            cache.evict({ id: cache.identify({ __typename: 'TaskComment', id }) });
          },
        });
        toast({ title: 'Comment deleted', description: 'The comment has been removed.' });
        return true;
      } catch {
        toast({ title: 'Error', description: 'Failed to delete comment. Please try again.', variant: 'destructive' });
        return false;
      }
    },
    [remove, taskId, toast],
  );

  return { addComment, updateComment, deleteComment, adding, updating };
}
