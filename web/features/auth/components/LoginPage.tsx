import { useState, type FormEvent } from 'react';
import { useAuth, type Viewer } from '../../../lib/auth';
import { useToast } from '../../../lib/toast';
import { errorCode, errorMessage } from '../../../lib/errors';
import { SESSION_ENDED_MESSAGE } from '../../../lib/session-end';
import { Button } from '../../../ui/Button';
import { useSignedOutTheme } from '../../theme';
import { TwoFactorStep } from './TwoFactorStep';
import { useTwoFactorSetupRedirect } from '../two-factor-redirect';
import { SsoButton } from './SsoButton';
import { PasskeyButton } from './PasskeyButton';

const QUICK_FILL = [
  { label: 'Admin', username: 'admin', password: 'admin123' },
  { label: 'Manager', username: 'manager', password: 'manager123' },
  { label: 'Regular User', username: 'user', password: 'user123' },
] as const;

/** The sign-in screen (username, password, quick-fill buttons; 'Please fill in all fields', 'Login failed', 'Welcome back'). */
export function LoginPage() {
  const { login, sessionEnded } = useAuth();
  useSignedOutTheme(sessionEnded);
  const { toast } = useToast();
  const [submitting, setSubmitting] = useState(false);
  // Plain state rather than react-hook-form: two fields do not justify 13 KB in the first download.
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // The second step: the password was right and the account asks for a two-factor code.
  const [needsCode, setNeedsCode] = useState(false);
  const toTwoFactorSetup = useTwoFactorSetupRedirect();
  // Off when the server allows single sign-on only (PASSWORD_LOGIN=false).
  const [passwordLogin, setPasswordLogin] = useState(true);

  /** After any sign-in: the greeting, then two-factor set-up when the workspace requires it and it is off. */
  const welcome = async (viewer: Viewer) => {
    toast({ title: `Welcome back, ${viewer.firstName || viewer.username}!` });
    await toTwoFactorSetup();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password.trim()) {
      toast({ title: 'Please fill in all fields', variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    try {
      await welcome(await login(username.trim(), password));
    } catch (error) {
      if (errorCode(error) === 'TWO_FACTOR_REQUIRED') {
        setNeedsCode(true);
        setSubmitting(false);
        return;
      }
      const text = errorMessage(error, '');
      toast({ title: 'Login failed', description: text || undefined, variant: 'destructive' });
      setSubmitting(false);
    }
  };

  // Top-aligned, not centred: the single sign-on panel arrives below the form after the first paint, and
  // in a centred column it moved the Sign In button up under a click already aimed at it.
  return (
    <main className="flex min-h-full items-start justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 px-4 pb-10 pt-[12vh]">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <div
            className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-2xl font-bold text-white shadow"
            aria-hidden="true"
          >
            ✓
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Let work flow</h1>
          <p className="mt-1 text-sm text-slate-500">Organise tasks and collaborate with your team</p>
        </div>
        {sessionEnded && (
          <p role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
            {SESSION_ENDED_MESSAGE}
          </p>
        )}
        {needsCode && <TwoFactorStep username={username.trim()} password={password} onBack={() => setNeedsCode(false)} />}
        <form
          onSubmit={onSubmit}
          noValidate
          hidden={needsCode || !passwordLogin}
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div>
            <label htmlFor="username" className="mb-1 block text-sm font-medium text-slate-700">
              Username <span className="text-red-600">*</span>
            </label>
            <input
              id="username"
              autoComplete="username"
              autoCapitalize="none"
              required
              aria-required="true"
              className="h-10 w-full rounded-md border border-slate-300 px-3 text-base sm:text-sm"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="password" className="mb-1 block text-sm font-medium text-slate-700">
              Password <span className="text-red-600">*</span>
            </label>
            <input
              id="password"
              type="password"
              autoComplete="current-password"
              required
              aria-required="true"
              className="h-10 w-full rounded-md border border-slate-300 px-3 text-base sm:text-sm"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <Button type="submit" className="w-full justify-center" disabled={submitting}>
            {submitting ? 'Signing In...' : 'Sign In'}
          </Button>
          <PasskeyButton disabled={submitting} onSignedIn={welcome} />
          <div>
            <p className="mb-2 text-center text-xs text-slate-500">Demo accounts</p>
            <div className="grid grid-cols-3 gap-2">
              {QUICK_FILL.map((account) => (
                <Button
                  key={account.username}
                  variant="outline"
                  size="sm"
                  className="justify-center"
                  onClick={() => {
                    setUsername(account.username);
                    setPassword(account.password);
                  }}
                >
                  {account.label}
                </Button>
              ))}
            </div>
          </div>
        </form>
        {/* Below the form: the button arrives after the first paint, and must not move what someone is about to click. */}
        {!needsCode && <SsoButton onPasswordLogin={setPasswordLogin} />}
      </div>
    </main>
  );
}
