import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import type { Reference } from '@apollo/client';
import { errorMessage, failureTitle } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import type { TaskTemplateInput, TemplateCard_TemplateFragment } from '../../../gql/graphql';
import { addTaskToLists } from '../../task';
import {
  CreateTaskFromTemplateMutation,
  CreateTemplateMutation,
  DeleteTemplateMutation,
  TemplateCardFragment,
  UpdateTemplateMutation,
} from '../templates.graphql';

/**
 * The template actions with their toasts: create, update and delete keep the cached list in step;
 * "Use" creates a task through the template service (subtasks copied) and adds it to the cached boards.
 * Each resolves to true on success.
 */
export function useTemplateMutations() {
  const { toast } = useToast();
  const [createMutation] = useMutation(CreateTemplateMutation);
  const [updateMutation] = useMutation(UpdateTemplateMutation);
  const [deleteMutation] = useMutation(DeleteTemplateMutation);
  const [createFromTemplate] = useMutation(CreateTaskFromTemplateMutation);

  const createTemplate = useCallback(
    async (input: TaskTemplateInput): Promise<boolean> => {
      try {
        await createMutation({
          variables: { input },
          update: (cache, { data }) => {
            if (!data) return;
            cache.modify({
              id: 'ROOT_QUERY',
              fields: {
                taskTemplates(existing = [], { readField }) {
                  const list = existing as readonly Reference[];
                  if (list.some((r) => readField('id', r) === data.createTaskTemplate.id)) return list;
                  const ref = cache.writeFragment({ fragment: TemplateCardFragment, fragmentName: 'TemplateCard_template', data: data.createTaskTemplate });
                  if (!ref) return list;
                  return [...list, ref].sort((a, b) => String(readField('name', a)).localeCompare(String(readField('name', b))));
                },
              },
            });
          },
        });
        toast({ title: 'Success', description: 'Template created successfully' });
        return true;
      } catch (error) {
        toast({ title: 'Error creating template', description: errorMessage(error, 'Failed to create template'), variant: 'destructive' });
        return false;
      }
    },
    [createMutation, toast],
  );

  const updateTemplate = useCallback(
    async (id: string, input: TaskTemplateInput): Promise<boolean> => {
      try {
        await updateMutation({ variables: { id, input } });
        toast({ title: 'Success', description: 'Template updated successfully' });
        return true;
      } catch (error) {
        toast({ title: failureTitle(error, 'Error updating template'), description: errorMessage(error, 'Failed to update template'), variant: 'destructive' });
        return false;
      }
    },
    [updateMutation, toast],
  );

  const deleteTemplate = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await deleteMutation({
          variables: { id },
          update: (cache) => {
            cache.evict({ id: cache.identify({ __typename: 'TaskTemplate', id }) });
            cache.gc();
          },
        });
        toast({ title: 'Success', description: 'Template deleted successfully' });
        return true;
      } catch (error) {
        toast({ title: 'Error deleting template', description: errorMessage(error, 'Failed to delete template'), variant: 'destructive' });
        return false;
      }
    },
    [deleteMutation, toast],
  );

  const createTaskFromTemplate = useCallback(
    async (template: Pick<TemplateCard_TemplateFragment, 'id'>): Promise<boolean> => {
      try {
        await createFromTemplate({
          variables: { id: template.id },
          update: (cache, { data }) => data && addTaskToLists(cache, data.createTaskFromTemplate),
        });
        toast({ title: 'Success', description: 'Task created from template successfully' });
        return true;
      } catch (error) {
        toast({ title: 'Error creating task from template', description: errorMessage(error, 'Failed to create task from template'), variant: 'destructive' });
        return false;
      }
    },
    [createFromTemplate, toast],
  );

  return { createTemplate, updateTemplate, deleteTemplate, createTaskFromTemplate };
}
