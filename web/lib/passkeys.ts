import { errorMessage } from './errors';

/**
 * Whether passkeys (WebAuthn) can work on this page: 'unsupported' when the browser has no WebAuthn,
 * 'ip-address' when the page was opened by an IP address (browsers tie passkeys to a host name, and
 * the server's passkeys to PUBLIC_URL's: docs/API.md, "Passkeys").
 */
export function passkeysHere(): 'available' | 'unsupported' | 'ip-address' {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function') return 'unsupported';
  const host = window.location.hostname;
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[') ? 'ip-address' : 'available';
}

/** Why a passkey request gave nothing, as a sentence: the browser's refusals by name, else the server's message (or `fallback`). */
export function passkeyFailure(error: unknown, fallback: string): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError') return 'The passkey request was cancelled or timed out.';
  if (name === 'InvalidStateError') return 'This device already has a passkey for your account here.';
  if (name === 'SecurityError') return 'Passkeys work only at this site’s own address. Please open it there.';
  return errorMessage(error, fallback);
}
