import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../lib/toast';
import { errorCode, errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/Button';

interface TwoFactorStepProps {
  username: string;
  password: string;
  /** Back to the password step. */
  onBack(): void;
}

/**
 * The sign-in's second step for an account with two-factor on: a code from the authenticator app, or
 * one of the recovery codes. The username and password are sent again with the code (nothing is
 * signed in until both are right).
 */
export function TwoFactorStep({ username, password, onBack }: TwoFactorStepProps) {
  const { login } = useAuth();
  const { toast } = useToast();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [recovery]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(recovery ? 'Enter one of your recovery codes' : 'Enter the code from your authenticator app');
      input.current?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const viewer = await login(username, password, code.trim());
      toast({ title: `Welcome back, ${viewer.firstName || viewer.username}!` });
    } catch (err) {
      setSubmitting(false);
      setCode('');
      input.current?.focus();
      if (errorCode(err) === 'TWO_FACTOR_INVALID') setError(errorMessage(err, 'That code is not right'));
      else toast({ title: 'Login failed', description: errorMessage(err, '') || undefined, variant: 'destructive' });
    }
  };

  const label = recovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your authenticator app';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-label="Two-factor code">
      <div>
        <label htmlFor="two-factor-code" className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          ref={input}
          id="two-factor-code"
          key={recovery ? 'recovery' : 'totp'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'two-factor-code-error' : undefined}
          className={`h-10 w-full rounded-md border px-3 font-mono text-base tracking-widest sm:text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        {error && (
          <p id="two-factor-code-error" role="alert" className="mt-1 text-xs text-red-600">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full justify-center" disabled={submitting}>
        {submitting ? 'Checking...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setError(null);
          }}
          disabled={submitting}
        >
          {recovery ? 'Use a code from your app' : 'Use a recovery code'}
        </Button>
      </div>
    </form>
  );
}
