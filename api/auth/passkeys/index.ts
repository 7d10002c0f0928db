/** Passkeys (WebAuthn): adding them in Settings › Security and signing in with one; part of the auth module (api/auth/index.ts). */
export { Passkey, PasskeyChallenge } from './passkey.entity.js';
export { PasskeysResolver } from './passkeys.resolver.js';
export { passkeyRoutes } from './passkeys.routes.js';
