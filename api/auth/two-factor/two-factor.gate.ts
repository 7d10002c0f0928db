import type { RequestHandler } from 'express';
import { GraphQLError, Kind, type FragmentDefinitionNode } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import type { AppRuntime, ServiceContext } from '../../common/context.js';
import { User } from '../../modules/user/user.entity.js';
import { TwoFactorLogin } from './two-factor.entity.js';
import { requirementForRequests } from './two-factor.requirement.js';
import { graphqlOpenDuringSetup, mustSetUpFirst, restOpenDuringSetup, rootFieldNames, twoFactorSetupRequired, type SignInKind } from './two-factor.policy.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The session must set up two-factor before anything else (twoFactorGate). */
    twoFactorSetupPending?: boolean;
  }
}

declare module '../../common/context.js' {
  interface ServiceContext {
    /** The request's session must set up two-factor first: GraphQL answers only what that needs (twoFactorGatePlugin). */
    twoFactorSetupPending?: boolean;
  }
}

/**
 * Whether this user's session, signed in as `via`, must set up two-factor before anything else
 * (two-factor.policy.ts mustSetUpFirst). While nobody is required (the default), no row is read.
 */
export async function setupPendingFor(runtime: AppRuntime, userId: string, via: SignInKind): Promise<boolean> {
  if (via !== 'password') return false;
  const required = await requirementForRequests(runtime);
  if (required === 'off') return false;
  const em = runtime.orm.em.fork();
  const [user, enabled] = await Promise.all([
    required === 'admins' ? em.findOne(User, { id: userId }, { fields: ['role'] }) : null,
    em.count(TwoFactorLogin, { userId, enabled: true }),
  ]);
  return mustSetUpFirst({ required, role: user?.role ?? 'member', enabled: enabled > 0, via });
}

/**
 * On /api and /graphql, after the session is read: a cookie session that must set up two-factor is
 * marked, and a REST call other than those set-up needs is answered 403 TWO_FACTOR_SETUP_REQUIRED
 * (GraphQL operations are checked by twoFactorGatePlugin, the socket at connect). Token requests pass.
 */
export function twoFactorGate(runtime: AppRuntime): RequestHandler {
  return (req, _res, next) => {
    const userId = req.session?.userId;
    if (!userId || req.apiToken) return next();
    setupPendingFor(runtime, userId, req.session.signedInWith ?? 'password').then((pending) => {
      if (!pending) return next();
      req.twoFactorSetupPending = true;
      if (req.baseUrl === '/api' && !restOpenDuringSetup(req.method, req.path)) return next(twoFactorSetupRequired());
      next();
    }, next);
  };
}

/** GraphQL over HTTP: a marked session's operation that is not part of setting up two-factor is refused. */
export const twoFactorGatePlugin: ApolloServerPlugin<ServiceContext> = {
  async requestDidStart({ contextValue }) {
    if (!contextValue.twoFactorSetupPending) return;
    return {
      async didResolveOperation({ operation, document }) {
        const fragments = new Map<string, FragmentDefinitionNode>();
        for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
        if (operation && graphqlOpenDuringSetup(operation.operation, rootFieldNames(operation, fragments))) return;
        const refusal = twoFactorSetupRequired();
        throw new GraphQLError(refusal.message, { originalError: refusal, extensions: { code: 'TWO_FACTOR_SETUP_REQUIRED', http: { status: 200 } } });
      },
    };
  },
};
