import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ProjectCard_ProjectFragment, ProjectInput } from '../../../gql/graphql';
import { errorMessage, failureTitle } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FormField, Select, TextArea, TextInput } from '../../../ui/FormControls';
import { toDateInput } from '../../task';
import { useCreateProject, useUpdateProject } from '../hooks/useProjectMutations';
import {
  parseProgress,
  PRIORITY_OPTIONS,
  PROJECT_DEFAULTS,
  PROJECT_TYPE_OPTIONS,
  STATUS_OPTIONS,
  VISIBILITY_OPTIONS,
  typeOption,
  visibilityOption,
  type ProjectFormValues,
} from '../project-labels';

export interface ProjectFormDialogProps {
  open: boolean;
  /** The project to edit; null to create one. */
  project: ProjectCard_ProjectFragment | null;
  people: { id: string; name: string }[];
  functions: { id: string; name: string; isActive: boolean }[];
  onClose(): void;
}

function valuesOf(project: ProjectCard_ProjectFragment | null): ProjectFormValues {
  if (!project) return PROJECT_DEFAULTS;
  return {
    name: project.name,
    description: project.description ?? '',
    charter: project.charter ?? '',
    color: project.color,
    projectType: project.projectType,
    visibility: project.visibility,
    status: project.status,
    priority: project.priority,
    progress: String(project.progress),
    projectManagerId: project.projectManagerId ?? '',
    functionId: project.functionId ?? '',
    startDate: toDateInput(project.startDate),
    endDate: toDateInput(project.endDate),
    isActive: project.isActive,
  };
}

function toInput(values: ProjectFormValues): ProjectInput {
  const crossDepartment = values.projectType === 'cross-department';
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    charter: values.charter.trim() || null,
    color: values.color,
    projectType: values.projectType,
    visibility: values.visibility,
    status: values.status,
    priority: values.priority,
    progress: parseProgress(values.progress),
    projectManagerId: values.projectManagerId || null,
    functionId: crossDepartment ? values.functionId || null : null,
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    isActive: values.isActive,
  };
}

/**
 * Create or edit a project with every field: the new-project defaults (PROJECT_DEFAULTS), the name required
 * ('Project name is required', the button disabled without it), progress 0-100 (non-numeric is 0),
 * the primary function only for cross-department projects. Full screen on phones.
 */
export function ProjectFormDialog({ open, project, people, functions, onClose }: ProjectFormDialogProps) {
  const id = useId();
  const { toast } = useToast();
  const create = useCreateProject();
  const update = useUpdateProject();
  const [saving, setSaving] = useState(false);
  const form = useForm<ProjectFormValues>({ defaultValues: valuesOf(project) });
  const { register, handleSubmit, watch, reset, setValue } = form;

  useEffect(() => {
    if (open) reset(valuesOf(project));
  }, [open, project, reset]);

  const name = watch('name');
  const projectType = watch('projectType');
  const visibility = watch('visibility');
  const color = watch('color');
  const editing = project !== null;

  const nameMissing = () => toast({ title: 'Validation error', description: 'Project name is required', variant: 'destructive' });
  const submit = handleSubmit(async (values) => {
    if (!values.name.trim()) {
      nameMissing();
      return;
    }
    setSaving(true);
    try {
      if (project) {
        await update(project.id, { ...toInput(values), version: project.version });
        toast({ title: 'Project updated successfully' });
      } else {
        await create(toInput(values));
        toast({ title: 'Project created successfully' });
      }
      onClose();
    } catch (e) {
      toast(
        project
          ? { title: failureTitle(e, 'Error updating project'), description: errorMessage(e, 'Failed to update project'), variant: 'destructive' }
          : { title: 'Error creating project', description: errorMessage(e, 'Failed to create project'), variant: 'destructive' },
      );
    } finally {
      setSaving(false);
    }
  });

  const f = (field: string) => `${id}-${field}`;
  const activeFunctions = functions.filter((fn) => fn.isActive || fn.id === project?.functionId);

  return (
    <Dialog
      open={open}
      onClose={saving ? () => {} : onClose}
      title={editing ? 'Edit Project' : 'Create New Project'}
      description={editing ? 'Change the project details.' : 'Add a project that tasks can belong to.'}
      size="lg"
      fullScreenOnPhone
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={f('form')} disabled={saving || !name.trim()}>
            {saving ? 'Saving...' : editing ? 'Update Project' : 'Create Project'}
          </Button>
        </>
      }
    >
      <form
        id={f('form')}
        onSubmit={submit}
        // Enter in a field submits; with the button disabled (no name) the browser would do nothing, so say why.
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement && e.target.type !== 'checkbox' && !name.trim()) {
            e.preventDefault();
            nameMissing();
          }
        }}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        noValidate
      >
        <FormField label="Project name *" htmlFor={f('name')} className="sm:col-span-2">
          <TextInput id={f('name')} autoFocus placeholder="Enter project name" aria-required="true" {...register('name')} />
        </FormField>
        <FormField label="Description" htmlFor={f('description')} className="sm:col-span-2">
          <TextArea id={f('description')} rows={2} placeholder="What is this project about?" {...register('description')} />
        </FormField>
        <FormField label="Charter" htmlFor={f('charter')} className="sm:col-span-2">
          <TextArea id={f('charter')} rows={3} placeholder="Goals, scope and success criteria" {...register('charter')} />
        </FormField>
        <FormField label="Project type" htmlFor={f('type')} hint={typeOption(projectType).description}>
          <Select
            id={f('type')}
            {...register('projectType', {
              onChange: (e) => {
                if (e.target.value !== 'cross-department') setValue('functionId', '');
              },
            })}
          >
            {PROJECT_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Visibility" htmlFor={f('visibility')} hint={visibilityOption(visibility).description}>
          <Select id={f('visibility')} {...register('visibility')}>
            {VISIBILITY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Status" htmlFor={f('status')}>
          <Select id={f('status')} {...register('status')}>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Priority" htmlFor={f('priority')}>
          <Select id={f('priority')} {...register('priority')}>
            {PRIORITY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Progress (%)" htmlFor={f('progress')} hint="0 to 100">
          <TextInput id={f('progress')} inputMode="numeric" {...register('progress')} />
        </FormField>
        <FormField label="Colour" htmlFor={f('color')}>
          <div className="flex items-center gap-2">
            <input
              id={f('color')}
              type="color"
              className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
              value={/^#[0-9a-fA-F]{6}$/.test(color) ? color : '#3b82f6'}
              onChange={(e) => setValue('color', e.target.value)}
            />
            <span className="text-sm text-slate-600">{color}</span>
          </div>
        </FormField>
        <FormField label="Project manager" htmlFor={f('manager')}>
          <Select id={f('manager')} {...register('projectManagerId')}>
            <option value="">No project manager</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Primary function"
          htmlFor={f('function')}
          hint={projectType === 'cross-department' ? undefined : 'Only for cross-department projects'}
        >
          <Select id={f('function')} disabled={projectType !== 'cross-department'} {...register('functionId')}>
            <option value="">No primary function</option>
            {activeFunctions.map((fn) => (
              <option key={fn.id} value={fn.id}>
                {fn.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Start date" htmlFor={f('start')}>
          <TextInput id={f('start')} type="date" {...register('startDate')} />
        </FormField>
        <FormField label="End date" htmlFor={f('end')}>
          <TextInput id={f('end')} type="date" {...register('endDate')} />
        </FormField>
        <label htmlFor={f('active')} className="flex items-center gap-2 text-sm font-medium text-slate-700 sm:col-span-2">
          <input id={f('active')} type="checkbox" className="h-4 w-4 rounded border-slate-300 text-brand-600" {...register('isActive')} />
          Active
        </label>
      </form>
    </Dialog>
  );
}
