import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { TaskTemplateInput, TemplateCard_TemplateFragment } from '../../../gql/graphql';
import { ConfigPicker, SUBTASK_STATUS_OPTIONS, usePickerCreate, usePickerOptions } from '../../task';
import { FormField, Select, TextArea, TextInput } from '../../../ui/FormControls';
import { displayName } from '../../../lib/auth';

interface SubtaskRow {
  title: string;
  description: string;
  status: string;
  estimatedHours: string;
}

interface TemplateForm {
  name: string;
  title: string;
  description: string;
  project: string;
  category: string;
  priority: string;
  estimatedHours: string;
  defaultAssigneeId: string;
  tags: string;
  subtasks: SubtaskRow[];
}

const UNASSIGNED = 'unassigned';

const toForm = (t: TemplateCard_TemplateFragment | null): TemplateForm => ({
  name: t?.name ?? '',
  title: t?.title ?? '',
  description: t?.description ?? '',
  project: t?.project ?? '',
  category: t?.category ?? 'dev',
  priority: t?.priority ?? 'medium',
  estimatedHours: t && t.estimatedHours > 0 ? String(t.estimatedHours) : '',
  defaultAssigneeId: t?.defaultAssigneeId ?? UNASSIGNED,
  tags: t?.tags.join(', ') ?? '',
  subtasks: (t?.subtasks ?? []).map((s) => ({
    title: s.title,
    description: s.description ?? '',
    status: s.status,
    estimatedHours: s.estimatedHours > 0 ? String(s.estimatedHours) : '',
  })),
});

const hours = (text: string): number | undefined => {
  const n = Number(text);
  return text.trim() && Number.isFinite(n) && n > 0 ? n : undefined;
};

/**
 * The template form's input: trimmed name and title; hours 0 or empty and the 'unassigned' choice are
 * omitted on create (on edit they clear the value); tags from comma-separated text; subtasks in order.
 */
export function templateInput(form: TemplateForm, editing: boolean): TaskTemplateInput {
  const tags = [
    ...new Set(
      form.tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  const input: TaskTemplateInput = {
    name: form.name.trim(),
    title: form.title.trim(),
    description: form.description.trim() || (editing ? null : undefined),
    project: form.project || (editing ? null : undefined),
    category: form.category || 'dev',
    priority: form.priority || 'medium',
    tags,
    subtasks: form.subtasks
      .filter((s) => s.title.trim())
      .map((s) => ({
        title: s.title.trim(),
        description: s.description.trim() || undefined,
        status: s.status || 'Not Started',
        estimatedHours: hours(s.estimatedHours),
      })),
  };
  const h = hours(form.estimatedHours);
  if (h !== undefined) input.estimatedHours = h;
  else if (editing) input.estimatedHours = 0;
  if (form.defaultAssigneeId && form.defaultAssigneeId !== UNASSIGNED) input.defaultAssigneeId = form.defaultAssigneeId;
  else if (editing) input.defaultAssigneeId = null;
  return input;
}

export interface TemplateFormDialogProps {
  template: TemplateCard_TemplateFragment | null;
  onClose(): void;
  onSubmit(input: TaskTemplateInput): Promise<boolean>;
}

/** Create or edit a template (name and title required), with an editor of its predefined subtasks (add, edit, reorder, remove). */
export function TemplateFormDialog({ template, onClose, onSubmit }: TemplateFormDialogProps) {
  const editing = template !== null;
  const { projects, categories, priorities, people } = usePickerOptions();
  const { createProject, createConfig } = usePickerCreate();
  const [saving, setSaving] = useState(false);
  const { register, control, handleSubmit, formState } = useForm<TemplateForm>({ defaultValues: toForm(template) });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'subtasks' });
  const errors = formState.errors;

  const submit = handleSubmit(async (form) => {
    setSaving(true);
    try {
      if (await onSubmit(templateInput(form, editing))) onClose();
    } finally {
      setSaving(false);
    }
  });

  const required = (label: string) => ({ validate: (v: string) => v.trim() !== '' || `${label} is required` });
  const hoursRule = { validate: (v: string) => v.trim() === '' || (Number.isFinite(Number(v)) && Number(v) >= 0) || 'Hours must be 0 or more' };

  return (
    <Dialog
      open
      onClose={saving ? () => {} : onClose}
      title={editing ? 'Edit Template' : 'Create Template'}
      description={editing ? 'Changes apply to tasks created from now on.' : 'A reusable starting point for tasks, with optional subtasks.'}
      size="lg"
      fullScreenOnPhone
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="template-form" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update Template' : 'Create Template'}
          </Button>
        </>
      }
    >
      <form id="template-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Template Name *" htmlFor="template-name" error={errors.name?.message}>
            <TextInput id="template-name" aria-invalid={!!errors.name} {...register('name', required('Template name'))} />
          </FormField>
          <FormField label="Task Title *" htmlFor="template-title" error={errors.title?.message}>
            <TextInput id="template-title" aria-invalid={!!errors.title} {...register('title', required('Task title'))} />
          </FormField>
        </div>
        <FormField label="Description" htmlFor="template-description">
          <TextArea id="template-description" rows={3} {...register('description')} />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Controller
            control={control}
            name="project"
            render={({ field }) => (
              <ConfigPicker label="Project" value={field.value} options={projects} onChange={field.onChange} onCreate={createProject} noneLabel="No project" />
            )}
          />
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <ConfigPicker
                label="Category"
                value={field.value}
                options={categories}
                onChange={(v) => field.onChange(v || 'dev')}
                onCreate={(n) => createConfig('categories', n)}
              />
            )}
          />
          <Controller
            control={control}
            name="priority"
            render={({ field }) => (
              <ConfigPicker
                label="Priority"
                value={field.value}
                options={priorities}
                onChange={(v) => field.onChange(v || 'medium')}
                onCreate={(n) => createConfig('priorities', n)}
              />
            )}
          />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Estimated Hours" htmlFor="template-hours" error={errors.estimatedHours?.message}>
            <TextInput
              id="template-hours"
              type="number"
              min={0}
              step={0.5}
              inputMode="decimal"
              aria-invalid={!!errors.estimatedHours}
              {...register('estimatedHours', hoursRule)}
            />
          </FormField>
          <FormField label="Default Assignee" htmlFor="template-assignee">
            <Select id="template-assignee" {...register('defaultAssigneeId')}>
              <option value={UNASSIGNED}>Unassigned</option>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {displayName(p)}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField label="Tags" htmlFor="template-tags" hint="Separate tags with commas">
          <TextInput id="template-tags" placeholder="frontend, review" {...register('tags')} />
        </FormField>

        <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">Predefined subtasks</legend>
          {fields.length === 0 && <p className="text-sm text-slate-500">No predefined subtasks</p>}
          <ol className="flex flex-col gap-3">
            {fields.map((f, i) => (
              <li key={f.id} data-testid="template-subtask-row" className="flex flex-col gap-2 rounded-md bg-slate-50 p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-xs font-semibold text-slate-500">Subtask {i + 1}</span>
                  <div className="flex gap-1">
                    <Button size="sm" variant="ghost" onClick={() => move(i, i - 1)} disabled={i === 0} aria-label={`Move subtask ${i + 1} up`}>
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => move(i, i + 1)}
                      disabled={i === fields.length - 1}
                      aria-label={`Move subtask ${i + 1} down`}
                    >
                      ↓
                    </Button>
                    <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => remove(i)} aria-label={`Remove subtask ${i + 1}`}>
                      Remove
                    </Button>
                  </div>
                </div>
                <FormField label={`Subtask ${i + 1} title *`} htmlFor={`template-subtask-${i}-title`} error={errors.subtasks?.[i]?.title?.message}>
                  <TextInput
                    id={`template-subtask-${i}-title`}
                    aria-invalid={!!errors.subtasks?.[i]?.title}
                    {...register(`subtasks.${i}.title`, required('Subtask title'))}
                  />
                </FormField>
                <FormField label={`Subtask ${i + 1} description`} htmlFor={`template-subtask-${i}-description`}>
                  <TextInput id={`template-subtask-${i}-description`} {...register(`subtasks.${i}.description`)} />
                </FormField>
                <div className="grid grid-cols-2 gap-2">
                  <FormField label={`Subtask ${i + 1} status`} htmlFor={`template-subtask-${i}-status`}>
                    <Select id={`template-subtask-${i}-status`} {...register(`subtasks.${i}.status`)}>
                      {SUBTASK_STATUS_OPTIONS.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField label={`Subtask ${i + 1} hours`} htmlFor={`template-subtask-${i}-hours`} error={errors.subtasks?.[i]?.estimatedHours?.message}>
                    <TextInput
                      id={`template-subtask-${i}-hours`}
                      type="number"
                      min={0}
                      step={0.5}
                      inputMode="decimal"
                      {...register(`subtasks.${i}.estimatedHours`, hoursRule)}
                    />
                  </FormField>
                </div>
              </li>
            ))}
          </ol>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => append({ title: '', description: '', status: 'Not Started', estimatedHours: '' })}
          >
            + Add subtask
          </Button>
        </fieldset>
      </form>
    </Dialog>
  );
}
