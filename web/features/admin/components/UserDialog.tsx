import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { AdminUser_UserFragment, UserInput } from '../../../gql/graphql';
import { FormField, Select, TextInput } from '../../../ui/FormControls';
import { displayName } from '../../../lib/auth';
import { REPORTING_MANAGER_ROLES, USER_FORM_ROLES, roleLabel } from '../admin-labels';
import { ResetTwoFactor } from './ResetTwoFactor';
import { SignOutEverywhere } from './SignOutEverywhere';

interface UserForm {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  managerId: string;
  password: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 8;

/** The user form's input: trimmed texts, an empty reporting manager dropped (cleared on edit), a password only when typed. */
export function userInput(form: UserForm, editing: boolean): UserInput {
  const input: UserInput = {
    username: form.username.trim(),
    email: form.email.trim(),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    role: form.role,
  };
  if (form.managerId) input.managerId = form.managerId;
  else if (editing) input.managerId = null;
  if (form.password) input.password = form.password;
  return input;
}

export interface UserDialogProps {
  user: AdminUser_UserFragment | null;
  users: readonly AdminUser_UserFragment[];
  onClose(): void;
  onSubmit(input: UserInput): Promise<boolean>;
}

/** Add or edit a user: username and email required, email format, role, reporting manager, password. */
export function UserDialog({ user, users, onClose, onSubmit }: UserDialogProps) {
  const editing = user !== null;
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit, formState } = useForm<UserForm>({
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      role: user?.role ?? 'member',
      managerId: user?.managerId ?? '',
      password: '',
    },
  });
  const errors = formState.errors;
  // Reporting manager choices: active managers and admins, never the user themselves.
  const managers = users.filter((u) => u.isActive && u.id !== user?.id && (REPORTING_MANAGER_ROLES as readonly string[]).includes(u.role));
  const roles = user && !(USER_FORM_ROLES as readonly string[]).includes(user.role) ? [...USER_FORM_ROLES, user.role] : USER_FORM_ROLES;

  const submit = handleSubmit(async (form) => {
    setSaving(true);
    try {
      if (await onSubmit(userInput(form, editing))) onClose();
    } finally {
      setSaving(false);
    }
  });

  return (
    <Dialog
      open
      onClose={saving ? () => {} : onClose}
      title={editing ? 'Edit User' : 'Add User'}
      description={editing ? `Change ${displayName(user)}'s details.` : 'The new user can sign in at once with the initial password.'}
      fullScreenOnPhone
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="user-form" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update User' : 'Create User'}
          </Button>
        </>
      }
    >
      <form id="user-form" noValidate onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Username *" htmlFor="user-username" error={errors.username?.message}>
          <TextInput
            id="user-username"
            autoComplete="off"
            aria-invalid={!!errors.username}
            {...register('username', { validate: (v) => v.trim() !== '' || 'Username is required' })}
          />
        </FormField>
        <FormField label="Email *" htmlFor="user-email" error={errors.email?.message}>
          <TextInput
            id="user-email"
            type="email"
            autoComplete="off"
            aria-invalid={!!errors.email}
            {...register('email', { validate: (v) => (v.trim() === '' ? 'Email is required' : EMAIL.test(v.trim()) || 'Please enter a valid email address') })}
          />
        </FormField>
        <FormField label="First Name" htmlFor="user-first-name">
          <TextInput id="user-first-name" {...register('firstName')} />
        </FormField>
        <FormField label="Last Name" htmlFor="user-last-name">
          <TextInput id="user-last-name" {...register('lastName')} />
        </FormField>
        <FormField label="Role" htmlFor="user-role">
          <Select id="user-role" {...register('role')}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Reporting Manager" htmlFor="user-manager">
          <Select id="user-manager" {...register('managerId')}>
            <option value="">No manager</option>
            {managers.map((m) => (
              <option key={m.id} value={m.id}>
                {displayName(m)} ({roleLabel(m.role)})
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label={editing ? 'Set a new password' : 'Initial password'}
          htmlFor="user-password"
          className="sm:col-span-2"
          error={errors.password?.message}
          hint={
            editing
              ? 'Leave blank to keep the current password. A new one ends their open sessions.'
              : `At least ${MIN_PASSWORD} characters. Without one the user cannot sign in.`
          }
        >
          <TextInput
            id="user-password"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.password}
            {...register('password', { validate: (v) => v === '' || v.length >= MIN_PASSWORD || `The password needs at least ${MIN_PASSWORD} characters` })}
          />
        </FormField>
      </form>
      {user && <SignOutEverywhere userId={user.id} name={displayName(user)} />}
      {user && <ResetTwoFactor userId={user.id} name={displayName(user)} />}
    </Dialog>
  );
}
