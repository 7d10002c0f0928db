import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { parseTags, progressLabel } from '../../../../schema/domain/task-rules';
import { Badge } from '../../../ui/Badge';
import type { TaskPerson_UserFragment } from '../../../gql/graphql';
import { usePickerCreate, usePickerOptions } from '../hooks/usePickerOptions';
import { clampProgress, type TaskFormValues } from '../task-form';
import { REPEAT_OPTIONS, STATUS_OPTIONS } from '../task-labels';
import { ConfigPicker } from './ConfigPicker';
import { ChangedUnderneath } from './TaskConflict';
import { FormField, Select, TextInput } from '../../../ui/FormControls';
import type { MentionPart } from '../../mention';
import { DescriptionField } from './DescriptionField';

export interface TaskFieldsProps {
  readOnly?: boolean;
  /** 'Task Title *' in the New Task dialog, 'Task Title' in details. */
  titleLabel?: string;
  currentAssignee?: TaskPerson_UserFragment | null;
  autoFocusTitle?: boolean;
  /** Shown under the title (the New Task dialog's quick-add chips). */
  titleHint?: ReactNode;
  /** Fields someone else changed while the person was editing them (marked). */
  changed?: ReadonlySet<string>;
  /** The task being edited (none in the New Task dialog): whom its description may mention. */
  taskId?: string;
  /** The saved description's mentions, with current names. */
  descriptionMentions?: readonly MentionPart[];
}

/** The task form's fields, shared by the details sheet, the dialog and the New Task dialog. */
export function TaskFields({
  readOnly = false,
  titleLabel = 'Task Title',
  currentAssignee,
  autoFocusTitle,
  titleHint,
  changed,
  taskId,
  descriptionMentions,
}: TaskFieldsProps) {
  const id = useId();
  const { register, control, formState } = useFormContext<TaskFormValues>();
  const { assignees, projects, categories, priorities } = usePickerOptions(currentAssignee);
  const { createProject, createConfig } = usePickerCreate();
  const isRepeatable = useWatch({ control, name: 'isRepeatable' });
  const tags = useWatch({ control, name: 'tags' });
  const assignedToId = useWatch({ control, name: 'assignedToId' });
  const errors = formState.errors;
  const f = (name: string) => `${id}-${name}`;
  const mark = (name: keyof TaskFormValues) => <ChangedUnderneath show={changed?.has(name) ?? false} />;

  return (
    <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4">
      <FormField label={titleLabel} htmlFor={f('title')} error={errors.title?.message}>
        <TextInput
          id={f('title')}
          autoFocus={autoFocusTitle}
          aria-invalid={errors.title ? true : undefined}
          placeholder="What needs to be done?"
          {...register('title', { validate: (v) => v.trim() !== '' || 'Task title is required' })}
        />
        {titleHint}
        {mark('title')}
      </FormField>

      <FormField label="Description" htmlFor={f('description')}>
        <DescriptionField id={f('description')} taskId={taskId} readOnly={readOnly} savedMentions={descriptionMentions} />
        {mark('description')}
      </FormField>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="project"
          render={({ field }) => (
            <div className="flex min-w-0 flex-col gap-1.5">
              <ConfigPicker
                label="Project"
                name="project"
                value={field.value}
                onChange={field.onChange}
                options={projects}
                noneLabel="No project"
                onCreate={createProject}
                disabled={readOnly}
              />
              {mark('project')}
            </div>
          )}
        />
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <div className="flex min-w-0 flex-col gap-1.5">
              <ConfigPicker
                label="Category"
                name="category"
                value={field.value}
                onChange={field.onChange}
                options={categories}
                onCreate={(n) => createConfig('categories', n)}
                disabled={readOnly}
              />
              {mark('category')}
            </div>
          )}
        />
        <FormField label="Assigned To" htmlFor={f('assignee')}>
          <Select id={f('assignee')} {...register('assignedToId')}>
            {assignees.map((a) => (
              <option key={a.value || 'none'} value={a.value}>
                {a.label}
              </option>
            ))}
          </Select>
          {assignedToId && <p className="text-xs text-slate-600">ID {assignedToId.slice(0, 8)}</p>}
          {mark('assignedToId')}
        </FormField>
        <Controller
          control={control}
          name="priority"
          render={({ field }) => (
            <div className="flex min-w-0 flex-col gap-1.5">
              <ConfigPicker
                label="Priority"
                name="priority"
                value={field.value}
                onChange={field.onChange}
                options={priorities}
                onCreate={(n) => createConfig('priorities', n)}
                disabled={readOnly}
              />
              {mark('priority')}
            </div>
          )}
        />
      </div>
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4">
        <FormField label="Due Date" htmlFor={f('due')}>
          <TextInput id={f('due')} type="date" {...register('dueDate')} />
          {mark('dueDate')}
        </FormField>
        <FormField label="Scheduled Date" htmlFor={f('scheduled')}>
          <TextInput id={f('scheduled')} type="date" {...register('scheduledDate')} />
          {mark('scheduledDate')}
        </FormField>
        <FormField label="Estimated Hours" htmlFor={f('hours')} error={errors.estimatedHours?.message}>
          <TextInput
            id={f('hours')}
            type="number"
            min={0}
            step={0.5}
            inputMode="decimal"
            placeholder="0"
            aria-invalid={errors.estimatedHours ? true : undefined}
            {...register('estimatedHours', {
              validate: (v) => v.trim() === '' || (Number.isFinite(Number(v)) && Number(v) >= 0) || 'Estimated hours must be a number of 0 or more',
            })}
          />
        </FormField>
        <FormField label="Status" htmlFor={f('status')}>
          <Select id={f('status')} {...register('status')}>
            {STATUS_OPTIONS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
          {mark('status')}
        </FormField>
      </div>

      <Controller
        control={control}
        name="progress"
        render={({ field }) => <ProgressField id={f('progress')} value={field.value} onChange={field.onChange} disabled={readOnly} />}
      />
      {mark('progress')}

      <FormField label="Tags" htmlFor={f('tags')} hint="Separate tags with commas">
        <TextInput id={f('tags')} placeholder="e.g. frontend, urgent" {...register('tags')} />
        {mark('tags')}
      </FormField>
      {parseTags(tags).length > 0 && (
        <ul aria-label="Tag preview" className="-mt-2 flex flex-wrap gap-1.5">
          {parseTags(tags).map((t) => (
            <li key={t}>
              <Badge tone="violet">{t}</Badge>
            </li>
          ))}
        </ul>
      )}

      <div className="rounded-lg border border-slate-200 p-3">
        <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" {...register('isRepeatable')} />
          Repeatable Task
        </label>
        {isRepeatable && (
          <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <FormField label="Repeat Pattern" htmlFor={f('pattern')}>
              <Select id={f('pattern')} {...register('repeatPattern')}>
                {REPEAT_OPTIONS.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Repeat Every" htmlFor={f('interval')}>
              <TextInput id={f('interval')} type="number" min={1} step={1} inputMode="numeric" {...register('repeatInterval')} />
            </FormField>
            <FormField label="Repeat End Date" htmlFor={f('repeat-end')}>
              <TextInput id={f('repeat-end')} type="date" {...register('repeatEndDate')} />
            </FormField>
          </div>
        )}
      </div>
    </fieldset>
  );
}

/** Progress: a slider (0-100, step 5) and a number box (non-numeric becomes 0), with its label. */
export function ProgressField({ id, value, onChange, disabled }: { id: string; value: number; onChange(value: number): void; disabled?: boolean }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          Progress
        </label>
        <span data-testid="progress-label" className={`text-xs font-medium ${value >= 100 ? 'text-emerald-700' : 'text-slate-500'}`}>
          {progressLabel(value)}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="range"
          min={0}
          max={100}
          step={5}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(clampProgress(e.target.value))}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-brand-600"
        />
        <div className="flex items-center gap-1">
          <input
            aria-label="Progress percent"
            inputMode="numeric"
            value={text}
            disabled={disabled}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim() !== '' && Number.isFinite(Number(e.target.value))) onChange(clampProgress(e.target.value));
            }}
            onBlur={() => {
              const next = clampProgress(text);
              setText(String(next));
              onChange(next);
            }}
            className="h-9 w-16 rounded-md border border-slate-300 px-2 text-right text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none disabled:bg-slate-50"
          />
          <span className="text-sm text-slate-500">%</span>
        </div>
      </div>
    </div>
  );
}
