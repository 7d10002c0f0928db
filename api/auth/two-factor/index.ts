/** Two-factor sign-in (TOTP codes from an authenticator app, recovery codes): part of the auth module (api/auth/index.ts). */
export { TwoFactorLogin } from './two-factor.entity.js';
export { TwoFactorRequirement } from './two-factor-requirement.entity.js';
export { TwoFactorResolver } from './two-factor.resolver.js';
export { twoFactorRoutes } from './two-factor.routes.js';
