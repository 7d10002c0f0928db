import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import type { Reference } from '@apollo/client';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import type { SystemConfigInput } from '../../../gql/graphql';
import { AdminConfigFragment, CreateConfigMutation, DeleteConfigMutation, UpdateConfigMutation } from '../admin.graphql';

export type ConfigType = 'categories' | 'priorities';

/**
 * Categories and priorities, with their toasts: a created item joins every cached systemConfigs list of its
 * type and the unfiltered one, so the task pickers offer it at once; a deleted one leaves the cache.
 */
export function useConfigMutations() {
  const { toast } = useToast();
  const [createMutation] = useMutation(CreateConfigMutation);
  const [updateMutation] = useMutation(UpdateConfigMutation);
  const [deleteMutation] = useMutation(DeleteConfigMutation);

  const createItem = useCallback(
    async (configType: ConfigType, input: SystemConfigInput): Promise<boolean> => {
      try {
        await createMutation({
          variables: { input: { ...input, configType } },
          update: (cache, { data }) => {
            if (!data) return;
            const item = data.createSystemConfig;
            cache.modify({
              id: 'ROOT_QUERY',
              fields: {
                systemConfigs(existing, { storeFieldName, readField }) {
                  const list = (existing ?? []) as readonly Reference[];
                  const typed = storeFieldName.includes('"configType"');
                  if (typed && !storeFieldName.includes(`"${configType}"`)) return list;
                  if (list.some((r) => readField('id', r) === item.id)) return list;
                  const ref = cache.writeFragment({ fragment: AdminConfigFragment, data: item });
                  return ref ? [...list, ref] : list;
                },
              },
            });
          },
        });
        toast({ title: 'Success', description: configType === 'categories' ? 'Category created successfully.' : 'Priority created successfully.' });
        return true;
      } catch (error) {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to create item'), variant: 'destructive' });
        return false;
      }
    },
    [createMutation, toast],
  );

  const updateItem = useCallback(
    async (id: string, input: SystemConfigInput): Promise<boolean> => {
      try {
        await updateMutation({ variables: { id, input } });
        toast({ title: 'Success', description: 'Item updated successfully.' });
        return true;
      } catch (error) {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to update item'), variant: 'destructive' });
        return false;
      }
    },
    [updateMutation, toast],
  );

  const deleteItem = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await deleteMutation({
          variables: { id },
          update: (cache) => {
            cache.evict({ id: cache.identify({ __typename: 'SystemConfig', id }) });
            cache.gc();
          },
        });
        toast({ title: 'Success', description: 'Item deleted successfully.' });
        return true;
      } catch (error) {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to delete item'), variant: 'destructive' });
        return false;
      }
    },
    [deleteMutation, toast],
  );

  return { createItem, updateItem, deleteItem };
}
