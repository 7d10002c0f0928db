import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { useViewer } from '../../../lib/auth';
import { Button } from '../../../ui/Button';
import type { ApiTokenRow_TokenFragment } from '../../../gql/graphql';
import { refusedField, useChangePassword } from '../hooks/useChangePassword';
import { tokenTime } from '../token-time';
import { SettingsSection } from '../../../ui/SettingsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { SessionsSection } from './SessionsSection';
import { PasskeysSection } from './PasskeysSection';

/** The server's password rules (api/auth/passwords.ts): 8 to 128 characters. */
const MIN_LENGTH = 8;
const MAX_LENGTH = 128;

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Errors = Partial<Record<Field | 'form', string>>;

/** The first problem of each field, checked in the browser before anything is sent. */
function check(current: string, next: string, confirm: string): Errors {
  const errors: Errors = {};
  if (!current) errors.currentPassword = 'Enter your current password';
  if (!next) errors.newPassword = 'Enter a new password';
  else if (next.length < MIN_LENGTH) errors.newPassword = `New password must be at least ${MIN_LENGTH} characters`;
  else if (!next.trim()) errors.newPassword = 'New password cannot be only spaces';
  else if (next === current) errors.newPassword = 'The new password must be different from your current one';
  if (!errors.newPassword && confirm !== next) errors.confirmPassword = 'The new passwords do not match';
  return errors;
}

interface PasswordInputProps {
  id: Field;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  error?: string;
  hint?: string;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** A labelled password field with its hint and its error read out with it. */
function PasswordInput({ id, label, value, onChange, autoComplete, error, hint, inputRef }: PasswordInputProps) {
  const inputId = `security-${id}`;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="password"
        autoComplete={autoComplete}
        maxLength={MAX_LENGTH}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`h-10 w-full rounded-md border px-3 text-base sm:text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** After a change: the person's API tokens still work; list them with the way to revoke them. */
function TokensAfterChange({ tokens, onDone }: { tokens: ApiTokenRow_TokenFragment[]; onDone(): void }) {
  return (
    <div role="status" data-testid="password-changed" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
      <p className="font-medium">Password changed. You were signed out everywhere else; this browser stays signed in.</p>
      {tokens.length === 0 ? (
        <p className="mt-1">You have no API tokens.</p>
      ) : (
        <>
          <p className="mt-1">
            Your API tokens still work. If someone else may know your old password, revoke any token you did not create or no longer use in{' '}
            <a className="font-medium underline" href="#api-tokens">
              API tokens
            </a>
            .
          </p>
          <ul className="mt-2 divide-y divide-emerald-200 rounded-md border border-emerald-200 bg-white" aria-label="Your API tokens">
            {tokens.map((t) => (
              <li key={t.id} className="p-2">
                <p className="break-words font-medium text-slate-900">{t.name}</p>
                <p className="text-xs text-slate-500">
                  Created {tokenTime(t.createdAt)} · Last used {tokenTime(t.lastUsedAt)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-2 flex justify-end">
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/**
 * Settings › Security: change your own password (the current one is checked). The other sessions are
 * signed out; this one stays, and the confirmation lists the API tokens, which keep working.
 */
export function SecuritySection() {
  const viewer = useViewer();
  const changePassword = useChangePassword();
  const { toast } = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState<ApiTokenRow_TokenFragment[] | null>(null);
  const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  /** Shows the errors and moves the focus to the first field that has one. */
  const refuse = (found: Errors) => {
    setErrors(found);
    const first = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find((f) => found[f]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check(current, next, confirm);
    if (Object.keys(found).length > 0) return refuse(found);
    setErrors({});
    setChanged(null);
    setSaving(true);
    try {
      const tokens = await changePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      setChanged(tokens);
      toast({ title: 'Password changed', description: 'You were signed out on your other devices.' });
    } catch (err) {
      const message = errorMessage(err, 'Failed to change the password');
      const field = refusedField(err);
      refuse(field ? { [field]: message } : { form: message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection id="security" title="Security" description="Change your password. Your other sessions are signed out; this one stays signed in.">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex max-w-md flex-col gap-3" aria-label="Change password">
        {/* Lets password managers match the change to the account. */}
        <input type="text" name="username" autoComplete="username" value={viewer.username} readOnly hidden />
        <PasswordInput
          id="currentPassword"
          label="Current password"
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          error={errors.currentPassword}
          inputRef={refs.currentPassword}
        />
        <PasswordInput
          id="newPassword"
          label="New password"
          value={next}
          onChange={setNext}
          autoComplete="new-password"
          error={errors.newPassword}
          hint={`${MIN_LENGTH} to ${MAX_LENGTH} characters`}
          inputRef={refs.newPassword}
        />
        <PasswordInput
          id="confirmPassword"
          label="Confirm new password"
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          error={errors.confirmPassword}
          inputRef={refs.confirmPassword}
        />
        {errors.form && (
          <p role="alert" className="text-sm text-red-600">
            {errors.form}
          </p>
        )}
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
      {changed && <TokensAfterChange tokens={changed} onDone={() => setChanged(null)} />}
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
    </SettingsSection>
  );
}
