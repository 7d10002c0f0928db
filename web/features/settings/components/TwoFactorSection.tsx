import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { copyText } from '../../../lib/clipboard';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import {
  ConfirmTwoFactorSetupMutation,
  NewRecoveryCodesMutation,
  StartTwoFactorSetupMutation,
  TurnOffTwoFactorMutation,
  TwoFactorStateQuery,
} from '../two-factor.graphql';
import { CopyField } from './CopyField';

interface CodeFormProps {
  id: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  hint?: string;
  onSubmit(code: string): Promise<void>;
  onCancel(): void;
}

/** One code field (numeric keyboard, the phone may fill it) with its submit and cancel buttons. */
function CodeForm({ id, label, submitLabel, busyLabel, hint, onSubmit, onCancel }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Enter the code from your authenticator app');
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSubmit(code.trim());
    } catch (err) {
      setError(errorMessage(err, 'That code did not work. Please try again.'));
      setCode('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 flex max-w-md flex-col gap-2" aria-label={submitLabel}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={20}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        className={`h-10 w-full rounded-md border px-3 font-mono text-base tracking-widest sm:w-48 sm:text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once, with a Copy button for all of them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const list = useRef<HTMLTextAreaElement>(null);
  const { toast } = useToast();
  const copy = async () => {
    const copied = await copyText(codes.join('\n'), list.current).catch(() => false);
    if (copied) toast({ title: 'Recovery codes copied' });
    else toast({ title: 'Could not copy', description: 'Select the codes and copy them with Ctrl+C (Cmd+C on a Mac).', variant: 'destructive' });
  };
  return (
    <div role="status" className="mt-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
      <p className="font-medium">Save your recovery codes</p>
      <p className="mt-1">Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.</p>
      <ul aria-label="Recovery codes" data-testid="recovery-codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm text-slate-900">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      {/* The selection the Copy button falls back to where the Clipboard API is missing. */}
      <textarea ref={list} readOnly value={codes.join('\n')} aria-hidden="true" tabIndex={-1} className="sr-only" />
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; secret: string; qrCodeDataUrl: string }
  | { kind: 'codes'; codes: string[]; afterSetup?: boolean }
  | { kind: 'off' }
  | { kind: 'renew' };

/**
 * Settings › Security › Two-factor sign-in: set up an authenticator app (QR code or the secret as
 * text, then a first code; ten recovery codes are shown once), and while it is on, turn it off or make
 * new recovery codes, both with a current code. `onTurnedOn` runs once the codes of a new set-up are
 * put away (the required set-up screen then lets the person on).
 */
export function TwoFactorSection({ onTurnedOn }: { onTurnedOn?: () => void } = {}) {
  const { data, error, loading, refetch } = useQuery(TwoFactorStateQuery, { fetchPolicy: 'cache-and-network' });
  const [startSetup] = useMutation(StartTwoFactorSetupMutation);
  const [confirmSetup] = useMutation(ConfirmTwoFactorSetupMutation);
  const [turnOff] = useMutation(TurnOffTwoFactorMutation);
  const [renewCodes] = useMutation(NewRecoveryCodesMutation);
  const { toast } = useToast();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const state = data?.twoFactor;
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // Sent here after signing in because two-factor is required (useTwoFactorSetupRedirect).
  useEffect(() => {
    if (hash === '#two-factor') section.current?.scrollIntoView({ block: 'start' });
  }, [hash, state?.setupRequired]);

  const begin = async () => {
    setStarting(true);
    try {
      const result = await startSetup();
      const info = result.data?.startTwoFactorSetup;
      if (info) setStep({ kind: 'setup', secret: info.secret, qrCodeDataUrl: info.qrCodeDataUrl });
    } catch (err) {
      toast({ title: 'Could not start the set-up', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setStarting(false);
    }
  };
  const confirm = async (code: string) => {
    const result = await confirmSetup({ variables: { code } });
    setStep({ kind: 'codes', codes: result.data?.confirmTwoFactorSetup ?? [], afterSetup: true });
    await refetch();
    toast({ title: 'Two-factor sign-in is on' });
  };
  const off = async (code: string) => {
    await turnOff({ variables: { code } });
    setStep({ kind: 'idle' });
    await refetch();
    toast({ title: 'Two-factor sign-in is off' });
  };
  const renew = async (code: string) => {
    const result = await renewCodes({ variables: { code } });
    setStep({ kind: 'codes', codes: result.data?.newRecoveryCodes ?? [] });
    await refetch();
  };
  const idle = () => setStep({ kind: 'idle' });

  return (
    <section
      ref={section}
      id="two-factor"
      aria-labelledby="two-factor-title"
      className="mt-6 scroll-mt-4 border-t border-slate-200 pt-4"
      data-testid="two-factor"
    >
      <h3 id="two-factor-title" className="text-base font-semibold text-slate-900">
        Two-factor sign-in
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {!state
          ? 'Add a code from an authenticator app on your phone to every sign-in.'
          : state.enabled
            ? `On. Signing in asks for a code from your authenticator app. ${state.recoveryCodesLeft} recovery ${state.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.`
            : 'Off. Add a code from an authenticator app on your phone to every sign-in.'}
      </p>
      {!state && loading && <p className="mt-2 text-sm text-slate-500">Loading...</p>}
      {!state && error && !loading && (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-700">
          <span>{errorMessage(error, 'Could not load your two-factor sign-in.')}</span>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}
      {state?.setupRequired && (
        <p role="status" className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          Your administrator asks you to turn on two-factor sign-in. Please set it up now.
        </p>
      )}
      {step.kind === 'idle' && state && !state.enabled && (
        <Button className="mt-3" onClick={() => void begin()} disabled={starting}>
          {starting ? 'Starting...' : 'Set up two-factor'}
        </Button>
      )}
      {step.kind === 'idle' && state?.enabled && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setStep({ kind: 'renew' })}>
            New recovery codes
          </Button>
          <Button variant="outline" onClick={() => setStep({ kind: 'off' })}>
            Turn off
          </Button>
        </div>
      )}
      {step.kind === 'setup' && (
        <div className="mt-3">
          <p className="text-sm text-slate-700">Scan this QR code with your authenticator app, or type the key below into it.</p>
          <img src={step.qrCodeDataUrl} alt="QR code for your authenticator app" width={200} height={200} className="mt-2 rounded border border-slate-200" />
          <div className="mt-2 max-w-md">
            <CopyField label="Key for your authenticator app" value={step.secret} copiedTitle="Key copied" testId="two-factor-secret" />
          </div>
          <CodeForm
            id="two-factor-confirm"
            label="Enter the 6-digit code your app shows"
            submitLabel="Turn on"
            busyLabel="Checking..."
            onSubmit={confirm}
            onCancel={idle}
          />
        </div>
      )}
      {step.kind === 'off' && (
        <CodeForm
          id="two-factor-off"
          label="Enter a code from your authenticator app to turn two-factor off"
          hint="A recovery code works too."
          submitLabel="Turn off two-factor"
          busyLabel="Turning off..."
          onSubmit={off}
          onCancel={idle}
        />
      )}
      {step.kind === 'renew' && (
        <CodeForm
          id="two-factor-renew"
          label="Enter a code from your authenticator app"
          hint="Your current recovery codes stop working."
          submitLabel="Make new recovery codes"
          busyLabel="Making codes..."
          onSubmit={renew}
          onCancel={idle}
        />
      )}
      {step.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={step.afterSetup && onTurnedOn ? onTurnedOn : idle} />}
    </section>
  );
}
