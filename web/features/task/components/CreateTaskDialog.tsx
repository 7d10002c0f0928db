import { useEffect, useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useViewer } from '../../../lib/auth';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useCreateTask } from '../hooks/useCreateTask';
import { useDiscardGuard } from '../hooks/useDiscardGuard';
import { createInput, newTaskValues, type TaskFormValues } from '../task-form';
import { TaskFields } from './TaskFields';

export interface CreateTaskDefaults {
  scheduledTime?: string;
  scheduledDate?: string;
  column?: 'unscheduled' | 'today';
}

export interface CreateTaskDialogProps {
  open: boolean;
  onClose(): void;
  defaults?: CreateTaskDefaults;
}

/**
 * The New Task dialog (SPEC 2.4, 4): 'Task Title *' required and trimmed (nothing is sent when
 * blank); defaults category Dev, priority Medium, status Planned, progress 0, column unscheduled
 * (today when opened with a scheduled time), not repeatable, daily every 1, assigned to the viewer.
 */
export function CreateTaskDialog({ open, onClose, defaults }: CreateTaskDialogProps) {
  const id = useId();
  const viewer = useViewer();
  const form = useForm<TaskFormValues>({ defaultValues: newTaskValues(viewer.id, defaults) });
  const { createTask, creating } = useCreateTask();
  // Cancel, Escape and a click outside ask before dropping what was typed.
  const { isDirty } = form.formState; // read while rendering, so the form keeps it current
  const { guard, dialog } = useDiscardGuard(() => isDirty);
  const close = () => guard(onClose);

  useEffect(() => {
    if (open) form.reset(newTaskValues(viewer.id, defaults));
    // Reset each time the dialog opens, with the defaults it was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, defaults?.scheduledTime, defaults?.scheduledDate, defaults?.column, viewer.id]);

  const submit = form.handleSubmit(async (values) => {
    if (!values.title.trim()) return;
    const created = await createTask(createInput(values));
    if (created) onClose();
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create New Task"
      description={defaults?.scheduledTime ? `Scheduled for today at ${defaults.scheduledTime}` : undefined}
      size="lg"
      fullScreenOnPhone
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={creating}>
            {creating ? 'Creating...' : 'Create Task'}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={`${id}-form`} noValidate onSubmit={submit} aria-label="New task">
          <TaskFields titleLabel="Task Title *" autoFocusTitle />
        </form>
      </FormProvider>
      {dialog}
    </Dialog>
  );
}

export default CreateTaskDialog;
