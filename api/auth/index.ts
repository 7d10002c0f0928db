import { Router } from 'express';
import type { ServerModule } from '../common/module.js';
import { Session } from './session.entity.js';
import { AuthResolver } from './auth.resolver.js';
import { authRoutes } from './auth.routes.js';
import { UserIdentity } from './oidc/identity.entity.js';
import { oidcRoutes } from './oidc/oidc.routes.js';
import { TwoFactorLogin, TwoFactorRequirement, TwoFactorResolver } from './two-factor/index.js';
import { SecurityEvent, SessionsResolver, sessionRoutes } from './sessions/index.js';
import { Passkey, PasskeyChallenge, PasskeysResolver, passkeyRoutes } from './passkeys/index.js';

/** The auth module's manifest: what it offers the composition root (api/modules/index.ts). */
export const authModule: ServerModule = {
  name: 'auth',
  entities: [Session, TwoFactorLogin, TwoFactorRequirement, UserIdentity, SecurityEvent, Passkey, PasskeyChallenge],
  resolvers: [AuthResolver, TwoFactorResolver, SessionsResolver, PasskeysResolver],
  routes: () => Router().use(authRoutes(), oidcRoutes(), sessionRoutes(), passkeyRoutes()),
};
