import type { ServerModule } from '../../common/module.js';
import { OrgFunction, Team, TeamMember } from './org.entity.js';
import { OrgFunctionResolver, TeamMemberResolver, TeamResolver } from './org.resolver.js';
import { orgRoutes } from './org.routes.js';

/** The org module's manifest: what it offers the composition root (api/modules/index.ts). */
export const orgModule: ServerModule = {
  name: 'org',
  entities: [OrgFunction, Team, TeamMember],
  resolvers: [OrgFunctionResolver, TeamResolver, TeamMemberResolver],
  routes: orgRoutes,
};
