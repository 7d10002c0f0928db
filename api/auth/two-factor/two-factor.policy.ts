import type { FieldNode, FragmentDefinitionNode, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import type { RoleValue } from '../../../schema/domain/catalog.js';
import { AppError } from '../../common/errors.js';
import type { ServiceContext } from '../../common/context.js';

/** Who must set up two-factor sign-in: nobody, the admins, or everyone. */
export const TWO_FACTOR_REQUIREMENTS = ['off', 'admins', 'everyone'] as const;
export type TwoFactorRequirementValue = (typeof TWO_FACTOR_REQUIREMENTS)[number];

/**
 * How a caller signed in: a password (and, with two-factor on, a code), a passkey (itself two factors:
 * the device and what unlocks it), single sign-on (the provider owns its own second factor), or a
 * personal API token. Only password sessions are asked for two-factor.
 */
export type SignInKind = 'password' | 'passkey' | 'sso' | 'token';

/** How the caller of a service call signed in. */
export const signInKindOf = (ctx: Pick<ServiceContext, 'tokenId' | 'session'>): SignInKind =>
  ctx.tokenId !== null ? 'token' : (ctx.session?.signedInWith ?? 'password');

/** What the two-factor rule looks at. */
export interface TwoFactorFacts {
  required: TwoFactorRequirementValue;
  role: RoleValue;
  /** The person's two-factor sign-in is on (set-up confirmed). */
  enabled: boolean;
  via: SignInKind;
}

/** True when the requirement (Admin › Security) asks this role to use two-factor sign-in. */
export const requirementCovers = (required: TwoFactorRequirementValue, role: RoleValue): boolean =>
  required === 'everyone' || (required === 'admins' && role === 'admin');

/**
 * A password session of a person the requirement covers, whose two-factor is still off: until it is
 * set up, the session reaches only what setting it up needs. Passkeys, API tokens and single sign-on are not asked.
 */
export const mustSetUpFirst = (facts: TwoFactorFacts): boolean => facts.via === 'password' && !facts.enabled && requirementCovers(facts.required, facts.role);

/** The REST routes (below /api) a session that must set up two-factor may still call. */
const REST_OPEN = new Set([
  'GET /auth/me',
  'POST /auth/login',
  'POST /auth/logout',
  'GET /auth/oidc',
  'GET /auth/two-factor',
  'POST /auth/two-factor/setup',
  'POST /auth/two-factor/confirm',
]);

/** The GraphQL root fields such a session may still ask for. */
const GRAPHQL_OPEN = new Set(['__typename', 'me', 'login', 'logout', 'twoFactor', 'startTwoFactorSetup', 'confirmTwoFactorSetup']);

/** True when a REST call (method, path below /api) is part of signing in or setting two-factor up. */
export const restOpenDuringSetup = (method: string, path: string): boolean => REST_OPEN.has(`${method.toUpperCase()} ${path.replace(/\/+$/, '')}`);

/** The root fields an operation selects, through fragments (a fragment is read once: no cycle can loop). */
export function rootFieldNames(operation: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === 'Field') names.push((selection as FieldNode).name.value);
      else if (selection.kind === 'InlineFragment') walk(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return names;
}

/** True when a GraphQL operation only signs in or out, reads the viewer or sets two-factor up (never a subscription). */
export const graphqlOpenDuringSetup = (kind: OperationDefinitionNode['operation'], rootFields: readonly string[]): boolean =>
  kind !== 'subscription' && rootFields.every((name) => GRAPHQL_OPEN.has(name));

/** The answer to anything else: 403 on REST, `extensions.code` on GraphQL, both TWO_FACTOR_SETUP_REQUIRED. */
export const twoFactorSetupRequired = () => new AppError('FORBIDDEN', 'Two-factor setup required', { code: 'TWO_FACTOR_SETUP_REQUIRED' });
