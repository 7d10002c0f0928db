/**
 * "Require two-factor" (Admin › Security): while the signed-in person must set it up, the server
 * answers everything else with TWO_FACTOR_SETUP_REQUIRED (and closes the socket with 4403). Any such
 * answer reports here; the auth provider listens and the app shows the set-up screen at whatever page
 * the person was on, and that page once it is on. The report is kept until the set-up is done, so an
 * answer that arrives before the provider listens (the planner's first query) is not lost.
 */
let required = false;
let listener: (() => void) | null = null;

export function onTwoFactorSetupRequired(callback: () => void): () => void {
  listener = callback;
  if (required) callback();
  return () => {
    if (listener === callback) listener = null;
  };
}

export function reportTwoFactorSetupRequired(): void {
  required = true;
  listener?.();
}

/** The set-up is done (or the person signed out): the next answer decides again. */
export function clearTwoFactorSetupRequired(): void {
  required = false;
}

/** The `code` the server gives the refusal (REST body and GraphQL extensions alike). */
export const TWO_FACTOR_SETUP_REQUIRED = 'TWO_FACTOR_SETUP_REQUIRED';
