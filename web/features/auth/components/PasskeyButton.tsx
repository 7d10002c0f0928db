import { useState } from 'react';
import { useAuth, type Viewer } from '../../../lib/auth';
import { useToast } from '../../../lib/toast';
import { passkeyFailure, passkeysHere } from '../../../lib/passkeys';
import { Button } from '../../../ui/Button';

/**
 * The login page's "Sign in with a passkey" (no username: the browser offers this site's passkeys),
 * shown only where passkeys can work (a browser with WebAuthn, on a page opened by a host name).
 * `onSignedIn` lands the person as a password sign-in does.
 */
export function PasskeyButton({ disabled, onSignedIn }: { disabled?: boolean; onSignedIn(viewer: Viewer): Promise<void> }) {
  const { loginWithPasskey } = useAuth();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  if (passkeysHere() !== 'available') return null;
  const signIn = async () => {
    setBusy(true);
    try {
      await onSignedIn(await loginWithPasskey());
    } catch (error) {
      toast({ title: 'Login failed', description: passkeyFailure(error, 'Please try again.'), variant: 'destructive' });
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" className="w-full justify-center" disabled={disabled || busy} onClick={() => void signIn()}>
      {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </Button>
  );
}
