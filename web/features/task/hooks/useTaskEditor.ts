import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { TaskDetails_TaskFragment } from '../../../gql/graphql';
import { taskValues, updateInput, type TaskFormValues } from '../task-form';
import { useUpdateTask } from './useUpdateTask';

/**
 * The edit form of one task (react-hook-form): starts from the task, follows live changes while
 * untouched, and saves only the fields the person changed ('Save Changes').
 */
export function useTaskEditor(task: TaskDetails_TaskFragment | null | undefined, onSaved?: () => void) {
  const form = useForm<TaskFormValues>({ defaultValues: task ? taskValues(task) : undefined });
  const { updateTask, saving } = useUpdateTask();
  const { isDirty } = form.formState;

  useEffect(() => {
    if (task && !isDirty) form.reset(taskValues(task));
    // Only when the task itself changes (a save, a teammate's change), never over unsaved edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [task]);

  const save = form.handleSubmit(async (values) => {
    if (!task) return;
    const input = updateInput(values, form.formState.dirtyFields as Record<string, unknown>);
    if (Object.keys(input).length === 0) {
      form.reset(values);
      onSaved?.();
      return;
    }
    const updated = await updateTask(task.id, input);
    if (updated) {
      form.reset(taskValues(updated));
      onSaved?.();
    }
  });

  const cancel = () => {
    if (task) form.reset(taskValues(task));
  };

  return { form, save, saving, isDirty, cancel };
}
