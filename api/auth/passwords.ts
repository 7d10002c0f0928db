import argon2 from 'argon2';
import { badInput } from '../common/errors.js';
import { plainText } from '../common/validate.js';

// OWASP's argon2id floor: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const MAX_CONCURRENT_HASHES = 4;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs at most MAX_CONCURRENT_HASHES hash operations at once so a login storm cannot exhaust memory. */
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Checks the password rules (8 to 128 characters of plain text, not only spaces: sign-in refuses a
 * blank password); throws BAD_USER_INPUT naming the field `label` (with `details`, e.g. the field).
 */
export function assertPasswordRules(password: unknown, label = 'Password', details?: Record<string, unknown>): asserts password is string {
  const refuse = (message: string) => badInput(message, details);
  if (typeof password !== 'string') throw refuse(`${label} must be text`);
  try {
    plainText(label, password);
  } catch (err) {
    throw refuse((err as Error).message);
  }
  if (password.length < 8) throw refuse(`${label} must be at least 8 characters`);
  if (password.length > 128) throw refuse(`${label} must be at most 128 characters`);
  if (!password.trim()) throw refuse(`${label} cannot be only spaces`);
}

export const hashPassword = (password: string): Promise<string> => limited(() => argon2.hash(password, OPTIONS));

/** Verifies without throwing: a malformed hash is a mismatch. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

// A fixed hash to verify against when the user does not exist, so timing does not reveal usernames.
let dummyHash: Promise<string> | null = null;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash.then((h) => verifyPassword(h, password));
}
