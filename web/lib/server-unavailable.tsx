import { useEffect } from 'react';
import { useToast } from './toast';

/** When the server's answer says nothing readable (a 503 from a proxy in front of it). */
export const SERVER_UNAVAILABLE_MESSAGE = 'The server cannot answer right now. Try again in a moment.';

let listener: ((message: string) => void) | null = null;

/**
 * A request answered 503 (the server cannot reach its database or session store, docs/API.md): reported
 * here by the Apollo link (apollo.ts), shown as one toast however many requests failed together.
 */
export const reportServerUnavailable = (message: string): void => listener?.(message);

/** Shows the toast of a 503; mounted once inside the ToastProvider. */
export function ServerUnavailableToast(): null {
  const { toast } = useToast();
  useEffect(() => {
    let shownAt = 0;
    listener = (message) => {
      // The screen's queries fail at once: one toast for the lot (a toast stays 5 s).
      if (Date.now() - shownAt < 5000) return;
      shownAt = Date.now();
      toast({ title: 'Server unavailable', description: message, variant: 'destructive' });
    };
    return () => {
      listener = null;
    };
  }, [toast]);
  return null;
}
