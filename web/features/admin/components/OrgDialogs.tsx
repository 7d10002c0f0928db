import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { AdminUser_UserFragment, FunctionInput, OrgFunction_FunctionFragment, OrgTeam_TeamFragment, TeamInput } from '../../../gql/graphql';
import { displayName } from '../../../lib/auth';
import { DEFAULT_FUNCTION_COLOR, DEFAULT_TEAM_COLOR } from '../../../../schema/domain/catalog';
import { FormField, Select, TextArea, TextInput } from '../../../ui/FormControls';
import { FUNCTION_HEAD_ROLES, TEAM_MANAGER_ROLES, roleLabel } from '../admin-labels';

const HEX = /^#[0-9a-fA-F]{6}$/;
const colourRule = { validate: (v: string) => v.trim() === '' || HEX.test(v.trim()) || 'Colour must be a hex colour like #3b82f6' };

const peopleWith = (users: readonly AdminUser_UserFragment[], roles: readonly string[], keep?: string | null) =>
  users.filter((u) => (u.isActive && roles.includes(u.role)) || u.id === keep).sort((a, b) => displayName(a).localeCompare(displayName(b)));

/** Runs a save, keeps the dialog busy meanwhile and closes it on success. */
function useSaving(onClose: () => void) {
  const [saving, setSaving] = useState(false);
  const save = async (action: () => Promise<boolean>) => {
    setSaving(true);
    try {
      if (await action()) onClose();
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

function Footer({ formId, saving, editing, noun, onClose }: { formId: string; saving: boolean; editing: boolean; noun: string; onClose(): void }) {
  return (
    <>
      <Button variant="outline" onClick={onClose} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={saving}>
        {saving ? 'Saving...' : `${editing ? 'Update' : 'Create'} ${noun}`}
      </Button>
    </>
  );
}

interface FunctionForm {
  name: string;
  description: string;
  color: string;
  headId: string;
  isActive: boolean;
}

/** Add or edit a function: name required; head among function heads and admins. */
export function FunctionDialog({
  fn,
  users,
  onClose,
  onSubmit,
}: {
  fn: OrgFunction_FunctionFragment | null;
  users: readonly AdminUser_UserFragment[];
  onClose(): void;
  onSubmit(input: FunctionInput): Promise<boolean>;
}) {
  const editing = fn !== null;
  const { register, handleSubmit, formState } = useForm<FunctionForm>({
    defaultValues: {
      name: fn?.name ?? '',
      description: fn?.description ?? '',
      color: fn?.color ?? DEFAULT_FUNCTION_COLOR,
      headId: fn?.headId ?? '',
      isActive: fn?.isActive ?? true,
    },
  });
  const { saving, save } = useSaving(onClose);
  const submit = handleSubmit((f) => {
    const input: FunctionInput = {
      name: f.name.trim(),
      description: f.description.trim() || null,
      color: f.color.trim() || DEFAULT_FUNCTION_COLOR,
      headId: f.headId || null,
      isActive: f.isActive,
    };
    return save(() => onSubmit(input));
  });
  const heads = peopleWith(users, FUNCTION_HEAD_ROLES, fn?.headId);
  const e = formState.errors;
  return (
    <Dialog
      open
      onClose={saving ? () => {} : onClose}
      title={editing ? 'Edit Function' : 'Add Function'}
      fullScreenOnPhone
      footer={<Footer formId="function-form" saving={saving} editing={editing} noun="Function" onClose={onClose} />}
    >
      <form id="function-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="Function Name *" htmlFor="function-name" error={e.name?.message}>
          <TextInput id="function-name" aria-invalid={!!e.name} {...register('name', { validate: (v) => v.trim() !== '' || 'Function name is required' })} />
        </FormField>
        <FormField label="Description" htmlFor="function-description">
          <TextArea id="function-description" rows={2} {...register('description')} />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Function Head" htmlFor="function-head">
            <Select id="function-head" {...register('headId')}>
              <option value="">No head</option>
              {heads.map((u) => (
                <option key={u.id} value={u.id}>
                  {displayName(u)} ({roleLabel(u.role)})
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Colour" htmlFor="function-color" error={e.color?.message}>
            <TextInput id="function-color" placeholder="#3b82f6" maxLength={7} {...register('color', colourRule)} />
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('isActive')} />
          Active
        </label>
      </form>
    </Dialog>
  );
}

interface TeamForm {
  name: string;
  description: string;
  functionId: string;
  managerId: string;
  color: string;
  skills: string;
  isActive: boolean;
}

/** Add or edit a team: name and function required ('Function is required'); active functions only; manager among managers, function heads and admins. */
export function TeamDialog({
  team,
  functions,
  users,
  onClose,
  onSubmit,
}: {
  team: OrgTeam_TeamFragment | null;
  functions: readonly OrgFunction_FunctionFragment[];
  users: readonly AdminUser_UserFragment[];
  onClose(): void;
  onSubmit(input: TeamInput): Promise<boolean>;
}) {
  const editing = team !== null;
  const { register, handleSubmit, formState } = useForm<TeamForm>({
    defaultValues: {
      name: team?.name ?? '',
      description: team?.description ?? '',
      functionId: team?.functionId ?? '',
      managerId: team?.managerId ?? '',
      color: team?.color ?? DEFAULT_TEAM_COLOR,
      skills: team?.skillCategories.join(', ') ?? '',
      isActive: team?.isActive ?? true,
    },
  });
  const { saving, save } = useSaving(onClose);
  const submit = handleSubmit((f) => {
    const input: TeamInput = {
      name: f.name.trim(),
      description: f.description.trim() || null,
      functionId: f.functionId,
      managerId: f.managerId || null,
      color: f.color.trim() || DEFAULT_TEAM_COLOR,
      skillCategories: [
        ...new Set(
          f.skills
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ],
      isActive: f.isActive,
    };
    return save(() => onSubmit(input));
  });
  const activeFunctions = functions.filter((f) => f.isActive || f.id === team?.functionId);
  const managers = peopleWith(users, TEAM_MANAGER_ROLES, team?.managerId);
  const e = formState.errors;
  return (
    <Dialog
      open
      onClose={saving ? () => {} : onClose}
      title={editing ? 'Edit Team' : 'Add Team'}
      fullScreenOnPhone
      footer={<Footer formId="team-form" saving={saving} editing={editing} noun="Team" onClose={onClose} />}
    >
      <form id="team-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="Team Name *" htmlFor="team-name" error={e.name?.message}>
          <TextInput id="team-name" aria-invalid={!!e.name} {...register('name', { validate: (v) => v.trim() !== '' || 'Team name is required' })} />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Function *" htmlFor="team-function" error={e.functionId?.message}>
            <Select id="team-function" aria-invalid={!!e.functionId} {...register('functionId', { validate: (v) => v !== '' || 'Function is required' })}>
              <option value="">Select a function</option>
              {activeFunctions.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Team Manager" htmlFor="team-manager">
            <Select id="team-manager" {...register('managerId')}>
              <option value="">No manager</option>
              {managers.map((u) => (
                <option key={u.id} value={u.id}>
                  {displayName(u)} ({roleLabel(u.role)})
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField label="Description" htmlFor="team-description">
          <TextArea id="team-description" rows={2} {...register('description')} />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Skill Categories" htmlFor="team-skills" hint="Separate skills with commas">
            <TextInput id="team-skills" placeholder="frontend, testing" {...register('skills')} />
          </FormField>
          <FormField label="Colour" htmlFor="team-color" error={e.color?.message}>
            <TextInput id="team-color" placeholder="#6b7280" maxLength={7} {...register('color', colourRule)} />
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('isActive')} />
          Active
        </label>
      </form>
    </Dialog>
  );
}
