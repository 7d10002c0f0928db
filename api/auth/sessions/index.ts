/** Sessions you can see (Settings › Security) and the security events (Admin › Security events): part of the auth module (api/auth/index.ts). */
export { SecurityEvent } from './security-event.entity.js';
export { SessionsResolver } from './sessions.resolver.js';
export { sessionRoutes } from './sessions.routes.js';
export { markSessionSeen } from './seen.js';
export { pruneSecurityEvents } from './security-events.js';
