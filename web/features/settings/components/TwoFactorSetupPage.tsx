import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { Button } from '../../../ui/Button';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * The screen a person sees at every page while the workspace requires two-factor of them and it is
 * off (Admin › Security): the set-up of Settings › Security, and a way to sign out. Once it is on and
 * the recovery codes are put away, the page they were going to shows.
 */
export default function TwoFactorSetupPage() {
  const { viewer, logout, finishTwoFactorSetup } = useAuth();
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const done = () => {
    setLeaving(true);
    void finishTwoFactorSetup();
  };
  return (
    <main className="flex min-h-full justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 px-4 py-10" data-testid="two-factor-setup-page">
      <div className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight text-slate-900 outline-none">
          Set up two-factor sign-in
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          Your workspace asks {viewer ? <strong>{viewer.username}</strong> : 'you'} to sign in with a code from an authenticator app. Set it up to continue.
        </p>
        {leaving ? <p className="mt-6 text-sm text-slate-500">Opening Let work flow...</p> : <TwoFactorSection onTurnedOn={done} />}
        <div className="mt-6 border-t border-slate-200 pt-4">
          <Button variant="ghost" onClick={() => void logout()} disabled={leaving}>
            Sign out
          </Button>
        </div>
      </div>
    </main>
  );
}
