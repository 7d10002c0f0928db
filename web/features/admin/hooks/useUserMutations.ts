import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import type { ApolloCache, Reference } from '@apollo/client';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import type { AdminUser_UserFragment, UserInput } from '../../../gql/graphql';
import { AdminUserFragment, CreateUserMutation, DeleteUserMutation, SetUserActiveMutation, UpdateUserMutation } from '../admin.graphql';

/** Keeps every cached users(...) list in step with one user: added when new, dropped from active-only lists when inactive. */
function syncUserLists(cache: ApolloCache, user: AdminUser_UserFragment): void {
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      users(existing, { storeFieldName, readField }) {
        const list = (existing ?? []) as readonly Reference[];
        const activeOnly = storeFieldName.includes('"includeInactive":false');
        const present = list.some((r) => readField('id', r) === user.id);
        if (activeOnly && !user.isActive) return list.filter((r) => readField('id', r) !== user.id);
        if (present) return list;
        const ref = cache.writeFragment({ fragment: AdminUserFragment, data: user });
        return ref ? [...list, ref] : list;
      },
    },
  });
}

/** User management with its toasts ('User created successfully', ...) and the server's messages; each resolves to true on success. */
export function useUserMutations() {
  const { toast } = useToast();
  const [createMutation] = useMutation(CreateUserMutation);
  const [updateMutation] = useMutation(UpdateUserMutation);
  const [activeMutation] = useMutation(SetUserActiveMutation);
  const [deleteMutation] = useMutation(DeleteUserMutation);

  const createUser = useCallback(
    async (input: UserInput): Promise<boolean> => {
      try {
        await createMutation({ variables: { input }, update: (cache, { data }) => data && syncUserLists(cache, data.createUser) });
        toast({ title: 'Success', description: 'User created successfully' });
        return true;
      } catch (error) {
        toast({ title: 'Error creating user', description: errorMessage(error, 'Failed to create user'), variant: 'destructive' });
        return false;
      }
    },
    [createMutation, toast],
  );

  const updateUser = useCallback(
    async (id: string, input: UserInput): Promise<boolean> => {
      try {
        await updateMutation({ variables: { id, input }, update: (cache, { data }) => data && syncUserLists(cache, data.updateUser) });
        toast({ title: 'Success', description: 'User updated successfully' });
        return true;
      } catch (error) {
        toast({ title: 'Error updating user', description: errorMessage(error, 'Failed to update user'), variant: 'destructive' });
        return false;
      }
    },
    [updateMutation, toast],
  );

  const setActive = useCallback(
    async (id: string, isActive: boolean): Promise<boolean> => {
      try {
        await activeMutation({ variables: { id, isActive }, update: (cache, { data }) => data && syncUserLists(cache, data.setUserActive) });
        toast({ title: 'Success', description: 'User updated successfully' });
        return true;
      } catch (error) {
        toast({ title: 'Error updating user', description: errorMessage(error, 'Failed to update user'), variant: 'destructive' });
        return false;
      }
    },
    [activeMutation, toast],
  );

  const deleteUser = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await deleteMutation({
          variables: { id },
          update: (cache) => {
            cache.evict({ id: cache.identify({ __typename: 'User', id }) });
            cache.gc();
          },
        });
        toast({ title: 'Success', description: 'User deleted successfully' });
        return true;
      } catch (error) {
        toast({ title: 'Error deleting user', description: errorMessage(error, 'Failed to delete user'), variant: 'destructive' });
        return false;
      }
    },
    [deleteMutation, toast],
  );

  return { createUser, updateUser, setActive, deleteUser };
}
