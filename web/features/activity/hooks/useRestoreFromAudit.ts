import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { ACTIVITY_REFETCH, addTaskToLists } from '../../task';
import { RestoreFromAuditMutation } from '../activity.graphql';

/**
 * Restore from an activity entry: an update's fields back ('Restore this version') or a deleted task
 * back ('Restore task'). The task is written into the cache (a restored task joins the boards).
 */
export function useRestoreFromAudit(onDone?: () => void) {
  const { toast } = useToast();
  const [mutate, { loading }] = useMutation(RestoreFromAuditMutation, { refetchQueries: ACTIVITY_REFETCH });
  const restore = useCallback(
    async (auditId: string, kind: 'task' | 'version') => {
      try {
        const res = await mutate({
          variables: { auditId },
          update: (cache, { data }) => {
            if (!data?.restoreFromAudit || kind !== 'task') return;
            addTaskToLists(cache, data.restoreFromAudit);
            // A deleted task comes back once: its entry offers no second restore.
            cache.modify({ id: cache.identify({ __typename: 'AuditEntry', id: auditId }), fields: { restore: () => null } });
          },
        });
        toast({ title: kind === 'task' ? 'Task restored' : 'Version restored', description: res.data ? `"${res.data.restoreFromAudit.title}"` : undefined });
        onDone?.();
      } catch (err) {
        toast({ title: 'Error', description: errorMessage(err, 'Failed to restore'), variant: 'destructive' });
      }
    },
    [mutate, toast, onDone],
  );
  return { restore, restoring: loading };
}
