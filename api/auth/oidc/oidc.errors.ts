/** Why a single sign-on did not sign the person in: the code the login page reads from `?sso_error=`. */
export type SsoErrorCode = 'off' | 'state' | 'denied' | 'exchange' | 'unavailable' | 'unknown_account' | 'inactive' | 'ambiguous' | 'no_email' | 'failed';

/** A refused single sign-on: `code` goes to the login page, `message` only to the server's log. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    message: string,
  ) {
    super(message);
  }
}
