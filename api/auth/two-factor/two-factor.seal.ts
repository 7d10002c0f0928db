import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest: sealed with AES-256-GCM under a key derived (HKDF-SHA256) from SESSION_SECRET,
 * stored as `v1:` + base64url(IV ‖ tag ‖ ciphertext). The prefix says how a value was sealed; a value
 * without one is a clear Base32 secret from before (Base32 has no ':'), sealed at start-up
 * (sealClearSecrets) and still read meanwhile. A database copied without SESSION_SECRET (or
 * DATA_DIR/session-secret) cannot open them: its people need an admin's two-factor reset.
 */
const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const INFO = 'let-work-flow two-factor secret v1';

const keys = new Map<string, Buffer>();

/** The sealing key of a session secret (derived once per process). */
function keyOf(sessionSecret: string): Buffer {
  let key = keys.get(sessionSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, '', INFO, 32));
    keys.set(sessionSecret, key);
  }
  return key;
}

/** True when the stored value is sealed (of any version this server knows). */
export const isSealed = (stored: string): boolean => stored.startsWith(VERSION);

/** Seals a clear secret for storage. */
export function sealSecret(secret: string, sessionSecret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The clear secret of a stored value (a clear value as it is), or null when it cannot be opened (another key, damaged). */
export function openSecret(stored: string, sessionSecret: string): string | null {
  if (!isSealed(stored)) return stored.includes(':') ? null : stored;
  try {
    const raw = Buffer.from(stored.slice(VERSION.length), 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
