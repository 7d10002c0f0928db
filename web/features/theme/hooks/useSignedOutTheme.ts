import { useEffect } from 'react';
import { applyTheme } from '../theme';

/**
 * Pages shown to nobody in particular (the sign-in screen) follow the system's theme: the last
 * viewer's choice belongs to them, not to whoever signs in next on this browser. Their theme comes
 * back from `me` once they sign in again. Off while `keep` is set (a session that ended under the
 * viewer's hands: the same person signs in again, so the screen does not flash into another theme).
 */
export function useSignedOutTheme(keep = false): void {
  useEffect(() => {
    if (!keep) applyTheme('SYSTEM');
  }, [keep]);
}
