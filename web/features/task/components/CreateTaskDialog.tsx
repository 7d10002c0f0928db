import { useEffect, useId, useRef } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useViewer } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useCreateTask } from '../hooks/useCreateTask';
import { useQuickAddTask } from '../hooks/useQuickAddTask';
import { QuickAddChips, useQuickAddParse } from './QuickAddChips';
import { useDiscardGuard } from '../hooks/useDiscardGuard';
import { createInput, newTaskValues, type TaskFormValues } from '../task-form';
import { clearDraft, NEW_TASK_DRAFT, readDraft, writeDraft } from '../task-drafts';
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
 * The New Task dialog: 'Task Title *' required and trimmed (nothing is sent when
 * blank); defaults category Dev, priority Medium, status Planned, progress 0, column unscheduled
 * (today when opened with a scheduled time), not repeatable, daily every 1, assigned to the viewer.
 * What is typed survives a reload (a draft, until created or discarded; the planner reopens the dialog).
 */
export function CreateTaskDialog({ open, onClose, defaults }: CreateTaskDialogProps) {
  const id = useId();
  const viewer = useViewer();
  const form = useForm<TaskFormValues>({ defaultValues: newTaskValues(viewer.id, defaults) });
  const { createTask, creating } = useCreateTask();
  const { quickAdd, adding } = useQuickAddTask();
  const { toast } = useToast();
  const title = useWatch({ control: form.control, name: 'title' }) ?? '';
  const parsed = useQuickAddParse(title);
  // The title is read as a quick-add line while nothing else in the form was touched (and the dialog
  // was not opened from a time slot, whose time the form carries).
  const otherFieldsTouched = Object.keys(form.formState.dirtyFields).some((k) => k !== 'title');
  const asQuickAdd = parsed.tokens.length > 0 && !otherFieldsTouched && !defaults?.scheduledTime && !defaults?.scheduledDate;
  // Cancel, Escape and a click outside ask before dropping what was typed.
  const { isDirty } = form.formState; // read while rendering, so the form keeps it current
  const { guard, dialog } = useDiscardGuard(() => isDirty);
  const close = () =>
    guard(() => {
      clearDraft(NEW_TASK_DRAFT);
      onClose();
    });
  const base = useRef<TaskFormValues | null>(null);

  useEffect(() => {
    if (!open) return;
    // Reset each time the dialog opens, with the defaults it was opened with, then put back the draft
    // a reload left (the typed fields only).
    const values = newTaskValues(viewer.id, defaults);
    base.current = values;
    form.reset(values);
    const draft = readDraft(NEW_TASK_DRAFT);
    if (draft) for (const [name, value] of Object.entries(draft.values)) form.setValue(name as keyof TaskFormValues, value as never, { shouldDirty: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, defaults?.scheduledTime, defaults?.scheduledDate, defaults?.column, viewer.id]);

  // What was typed is kept as a draft (sessionStorage) until it is created or discarded: a reload keeps it.
  useEffect(() => {
    if (!open) return;
    const subscription = form.watch((values) => {
      const start = base.current;
      if (!start) return;
      const edited = Object.fromEntries(
        Object.entries(values).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(start[name as keyof TaskFormValues])),
      ) as Partial<TaskFormValues>;
      writeDraft(NEW_TASK_DRAFT, { values: edited, version: 0 });
    });
    return () => subscription.unsubscribe();
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!values.title.trim()) return;
    if (asQuickAdd) {
      try {
        await quickAdd(values.title.trim());
        clearDraft(NEW_TASK_DRAFT);
        toast({ title: 'Success', description: 'Task created successfully' });
        onClose();
      } catch (error) {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to create task'), variant: 'destructive' });
      }
      return;
    }
    const created = await createTask(createInput(values));
    if (created) {
      clearDraft(NEW_TASK_DRAFT);
      onClose();
    }
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
          <Button type="submit" form={`${id}-form`} disabled={creating || adding}>
            {creating || adding ? 'Creating...' : 'Create Task'}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={`${id}-form`} noValidate onSubmit={submit} aria-label="New task">
          <TaskFields
            titleLabel="Task Title *"
            autoFocusTitle
            titleHint={
              <QuickAddChips
                parsed={parsed}
                hint={asQuickAdd ? 'Enter creates it' : 'Other fields were changed, so the line is saved as the title'}
                className="mt-1.5"
              />
            }
          />
        </form>
      </FormProvider>
      {dialog}
    </Dialog>
  );
}

export default CreateTaskDialog;
