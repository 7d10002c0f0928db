import { badInput } from '../../common/errors.js';

// Who email-in acts for. A person sees and rotates only their own address (the service reads the
// actor's row, never another's). Mail to an address acts as its owner while they are active; a reply
// comments as its recipient through the comment service, which refuses a task they can no longer read.

/** Recipients of one message we take at most (a forward to many of our addresses is refused past this). */
export const MAX_RECIPIENTS = 10;

/** An address's owner may receive mail while their account is active. */
export const mayReceive = (owner: { isActive: boolean } | null): boolean => !!owner?.isActive;

/** BAD_USER_INPUT when the server offers no email-in (INBOUND_EMAIL_DOMAIN unset). */
export function requireDomain(domain: string | null): string {
  if (!domain) throw badInput('Email-in is not set up on this server (INBOUND_EMAIL_DOMAIN)');
  return domain;
}
