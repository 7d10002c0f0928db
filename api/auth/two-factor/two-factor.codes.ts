import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** What an authenticator app shows as the account's issuer. */
export const TOTP_ISSUER = 'Let work flow';
/** How many recovery codes a set-up (or a renewal) gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Codes one step (30 s) either side of the server's clock are accepted (a phone's clock drifts). */
const TOLERANCE_SECONDS = 30;
// No 0/o, 1/l/i: a code copied from paper reads one way only.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new random TOTP secret (20 bytes, Base32). */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUri = (username: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: username, secret });

/** A code as typed: spaces and dashes dropped, lower case ("123 456" is "123456"). */
export const normalizeCode = (raw: unknown): string => (typeof raw === 'string' ? raw.replace(/[\s-]+/g, '').toLowerCase() : '');

/** True when the code has the shape of an authenticator code (six digits). */
export const isTotpShape = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The time step a six-digit code is right for at `epochSeconds` (one step of tolerance either way), or
 * null when it is wrong or its step is not after `afterTimeStep` (a code already used: no replay).
 */
export async function totpTimeStep(secret: string, code: string, epochSeconds: number, afterTimeStep: number | null): Promise<number | null> {
  if (!isTotpShape(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(epochSeconds),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Ten new recovery codes as shown to the person once ("abcde-fghjk"). */
export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** What is stored of a recovery code: the hex SHA-256 of its normalized form (random codes need no slow hash). */
export const hashRecoveryCode = (code: string): string => createHash('sha256').update(normalizeCode(code)).digest('hex');
