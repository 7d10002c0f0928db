import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** The message a person should read for a failed call (the server's text, or the fallback). */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || fallback;
  if (ServerError.is(error)) return error.message || fallback;
  if (error instanceof Error && error.message) {
    if (/Failed to fetch|NetworkError|Load failed/i.test(error.message)) return 'Cannot reach the server. Check your connection and try again.';
    return error.message;
  }
  return fallback;
}

/** The GraphQL error code (extensions.code) of a failed call, if any. */
export function errorCode(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.extensions?.code as string | undefined;
  return undefined;
}

/**
 * A failure toast's title: a refused stale update (CONFLICT: someone else changed it since it was
 * loaded; the message names the fields) says so, anything else keeps the screen's own title.
 */
export const failureTitle = (error: unknown, fallback: string): string => (errorCode(error) === 'CONFLICT' ? 'Changed by someone else' : fallback);
