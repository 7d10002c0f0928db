/**
 * An ended session (issue 16): any request answering UNAUTHENTICATED (an expired session, a logout in
 * another tab, a deactivated account) or the socket closed with 4401 reports here; the auth provider
 * listens, shows the sign-in screen with SESSION_ENDED_MESSAGE and returns to the page afterwards.
 */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

let listener: (() => void) | null = null;
let openTaskId: string | null = null;

export function onSessionEnded(callback: () => void): () => void {
  listener = callback;
  return () => {
    if (listener === callback) listener = null;
  };
}

export const reportSessionEnded = (): void => listener?.();

/** The task whose details are open (the planner says), so the way back reopens it with its draft. */
export function rememberOpenTask(taskId: string | null): void {
  openTaskId = taskId;
}

/** Where to come back to after signing in: this page, plus `task=` for an open task's details. */
export function returnPath(): string {
  const url = new URL(window.location.href);
  if (openTaskId) url.searchParams.set('task', openTaskId);
  return `${url.pathname}${url.search}${url.hash}`;
}
