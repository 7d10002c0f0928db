import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isId } from '../../common/ids.js';

// Addresses of email-in (docs/DECISIONS.md, "Email-in"): `tasks+<token>@domain` for a person's own
// address and `tasks+r.<token>@domain` for the Reply-To of a notification email. Tokens are lower-case
// base32, so a mail system that changes the case of an address does not break them.

/** The local part's fixed start. */
const LOCAL = 'tasks';
/** The reply token's mark after `tasks+`. */
const REPLY = 'r.';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** Bytes of a personal token (128 bits, 26 characters). */
const TOKEN_BYTES = 16;
/** Bytes of a reply token's signature (64 bits): the token is the task id, the recipient id and this (64 characters). */
const REPLY_MAC_BYTES = 8;

export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of text) {
    const n = ALPHABET.indexOf(c);
    if (n < 0) return null;
    value = ((value << 5) | n) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const mac = (secret: string, purpose: string): Buffer => createHmac('sha256', secret).update(purpose).digest();
const idBytes = (id: string): Buffer => Buffer.from(id.replace(/-/g, ''), 'hex');
const idOf = (bytes: Buffer): string => {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** The token of an email-in row: the HMAC of its id with the server's secret (never stored). */
export const personalToken = (secret: string, rowId: string): string => base32(mac(secret, `lwf-email-in:${rowId}`).subarray(0, TOKEN_BYTES));

/** What is stored and looked up: the hex SHA-256 of a token. */
export const hashEmailToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The reply token of one task and one recipient: both ids and their signature. */
export function replyToken(secret: string, taskId: string, userId: string): string {
  const ids = Buffer.concat([idBytes(taskId), idBytes(userId)]);
  return base32(Buffer.concat([ids, mac(secret, `lwf-email-reply:${taskId}:${userId}`).subarray(0, REPLY_MAC_BYTES)]));
}

/** The task and recipient a reply token names, or null when it is malformed or its signature is wrong. */
export function readReplyToken(secret: string, token: string): { taskId: string; userId: string } | null {
  const bytes = fromBase32(token);
  if (!bytes || bytes.length !== 32 + REPLY_MAC_BYTES) return null;
  const taskId = idOf(bytes.subarray(0, 16));
  const userId = idOf(bytes.subarray(16, 32));
  if (!isId(taskId) || !isId(userId)) return null;
  const expected = mac(secret, `lwf-email-reply:${taskId}:${userId}`).subarray(0, REPLY_MAC_BYTES);
  return timingSafeEqual(expected, bytes.subarray(32)) ? { taskId, userId } : null;
}

export const personalAddress = (token: string, domain: string): string => `${LOCAL}+${token}@${domain}`;

/** The Reply-To of a task's notification email to one recipient (issue 38: a reply becomes a comment). */
export const replyAddress = (secret: string, domain: string, taskId: string, userId: string): string =>
  `${LOCAL}+${REPLY}${replyToken(secret, taskId, userId)}@${domain}`;

/** What a recipient address names: a personal token, a reply token, or nothing of ours. */
export type AddressToken = { kind: 'personal'; token: string } | { kind: 'reply'; token: string } | null;

/** Reads `tasks+...@domain` (the domain compared without case); anything else is null. */
export function readAddress(address: string, domain: string): AddressToken {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase();
  if (!local.startsWith(`${LOCAL}+`)) return null;
  const rest = local.slice(LOCAL.length + 1);
  if (rest.startsWith(REPLY)) return { kind: 'reply', token: rest.slice(REPLY.length) };
  return /^[a-z2-7]{26}$/.test(rest) ? { kind: 'personal', token: rest } : null;
}
