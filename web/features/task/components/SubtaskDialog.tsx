import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { parseTags } from '../../../../schema/domain/task-rules';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { SubtaskInput, SubtaskItem_SubtaskFragment } from '../../../gql/graphql';
import type { AssigneeOption } from '../hooks/usePickerOptions';
import { SUBTASK_STATUS_OPTIONS, toDateInput } from '../task-labels';
import { FormField, Select, TextArea, TextInput } from '../../../ui/FormControls';

interface SubtaskFormValues {
  title: string;
  description: string;
  assignedToId: string;
  status: string;
  dueDate: string;
  estimatedHours: string;
  tags: string;
}

const valuesOf = (s: SubtaskItem_SubtaskFragment | null): SubtaskFormValues => ({
  title: s?.title ?? '',
  description: s?.description ?? '',
  assignedToId: s?.assignedToId ?? '',
  status: s?.status ?? 'Not Started',
  dueDate: toDateInput(s?.dueDate),
  estimatedHours: s ? String(s.estimatedHours ?? 0) : '0',
  tags: s?.tags.join(', ') ?? '',
});

export interface SubtaskDialogProps {
  open: boolean;
  /** The subtask to edit, or null to add one. */
  subtask: SubtaskItem_SubtaskFragment | null;
  assignees: AssigneeOption[];
  onClose(): void;
  onSubmit(input: SubtaskInput): Promise<boolean>;
}

/** Add or edit a subtask: title required and trimmed, unassigned sent as null, tags without blanks or duplicates. */
export function SubtaskDialog({ open, subtask, assignees, onClose, onSubmit }: SubtaskDialogProps) {
  const id = useId();
  const { register, handleSubmit, reset, formState } = useForm<SubtaskFormValues>({ defaultValues: valuesOf(subtask) });

  useEffect(() => {
    if (open) reset(valuesOf(subtask));
  }, [open, subtask, reset]);

  const submit = handleSubmit(async (v) => {
    const hours = Number(v.estimatedHours);
    const input: SubtaskInput = {
      title: v.title.trim(),
      description: v.description.trim() || null,
      assignedToId: v.assignedToId || null,
      status: v.status,
      dueDate: v.dueDate || null,
      estimatedHours: v.estimatedHours.trim() === '' || !Number.isFinite(hours) ? 0 : hours,
      tags: parseTags(v.tags),
    };
    if (await onSubmit(input)) onClose();
  });

  const options = assignees.some((a) => a.value === '') ? assignees : [{ value: '', label: 'Unassigned' }, ...assignees];
  const f = (name: string) => `${id}-${name}`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={subtask ? 'Edit Subtask' : 'Add Subtask'}
      fullScreenOnPhone
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={f('form')} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving...' : subtask ? 'Save Subtask' : 'Add Subtask'}
          </Button>
        </>
      }
    >
      <form
        id={f('form')}
        noValidate
        // The dialog renders in a portal: keep its submit from bubbling (React tree) into a task form around it.
        onSubmit={(e) => {
          e.stopPropagation();
          void submit(e);
        }}
        className="flex flex-col gap-4"
      >
        <FormField label="Subtask Title *" htmlFor={f('title')} error={formState.errors.title?.message}>
          <TextInput
            id={f('title')}
            autoFocus
            aria-invalid={formState.errors.title ? true : undefined}
            {...register('title', { validate: (v) => v.trim() !== '' || 'Subtask title is required' })}
          />
        </FormField>
        <FormField label="Description" htmlFor={f('description')}>
          <TextArea id={f('description')} rows={3} {...register('description')} />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Assignee" htmlFor={f('assignee')}>
            <Select id={f('assignee')} {...register('assignedToId')}>
              {options.map((a) => (
                <option key={a.value || 'none'} value={a.value}>
                  {a.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Status" htmlFor={f('status')}>
            <Select id={f('status')} {...register('status')}>
              {SUBTASK_STATUS_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Due Date" htmlFor={f('due')}>
            <TextInput id={f('due')} type="date" {...register('dueDate')} />
          </FormField>
          <FormField label="Estimated Hours" htmlFor={f('hours')} error={formState.errors.estimatedHours?.message}>
            <TextInput
              id={f('hours')}
              type="number"
              min={0}
              step={0.5}
              inputMode="decimal"
              {...register('estimatedHours', {
                validate: (v) => v.trim() === '' || (Number.isFinite(Number(v)) && Number(v) >= 0) || 'Estimated hours must be a number of 0 or more',
              })}
            />
          </FormField>
        </div>
        <FormField label="Tags" htmlFor={f('tags')} hint="Separate tags with commas">
          <TextInput id={f('tags')} placeholder="e.g. backend, review" {...register('tags')} />
        </FormField>
      </form>
    </Dialog>
  );
}
