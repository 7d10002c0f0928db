import { forbidden } from '../../common/errors.js';
import type { AppConfig } from '../../config.js';

/** Refuses a password sign-in when PASSWORD_LOGIN=false (single sign-on only; config.ts requires it then). */
export function assertPasswordLoginOn(config: AppConfig): void {
  if (!config.passwordLogin) throw forbidden('Signing in with a password is turned off here. Please use single sign-on.');
}
