import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import type { AppRuntime } from '../../common/context.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { recordAudit } from '../../modules/audit/audit.service.js';
import { TwoFactorRequirement } from './two-factor-requirement.entity.js';

import { TWO_FACTOR_REQUIREMENTS, type TwoFactorRequirementValue } from './two-factor.policy.js';

export { TWO_FACTOR_REQUIREMENTS, type TwoFactorRequirementValue };

const ID = 'workspace';
const LABELS: Record<TwoFactorRequirementValue, string> = { off: 'nobody', admins: 'admins', everyone: 'everyone' };

/** The workspace's requirement ('off' until an admin sets one). */
export async function currentRequirement(ctx: Pick<ServiceContext, 'em'>): Promise<TwoFactorRequirementValue> {
  const row = await ctx.em.findOne(TwoFactorRequirement, { id: ID }, { refresh: true });
  return (TWO_FACTOR_REQUIREMENTS as readonly string[]).includes(row?.required ?? '') ? (row!.required as TwoFactorRequirementValue) : 'off';
}

/**
 * How long a process trusts the requirement it read before reading it again, for the check on every
 * request (two-factor.gate.ts). A change made on this process applies at once; other processes follow
 * within this time.
 */
export const REQUIREMENT_REREAD_MS = 5_000;
const remembered = new WeakMap<AppRuntime, { value: TwoFactorRequirementValue; at: number }>();

/** The requirement as the request check reads it: remembered for REQUIREMENT_REREAD_MS. */
export async function requirementForRequests(app: AppRuntime): Promise<TwoFactorRequirementValue> {
  const known = remembered.get(app);
  if (known && Date.now() - known.at < REQUIREMENT_REREAD_MS) return known.value;
  const value = await currentRequirement({ em: app.orm.em.fork() });
  remembered.set(app, { value, at: Date.now() });
  return value;
}

function assertAdmin(ctx: ServiceContext): void {
  if (!isAdmin(requireActor(ctx))) throw forbidden('Only admins can change who must use two-factor sign-in');
}

/** Admins read the requirement (FORBIDDEN for others). */
export async function getRequirement(ctx: ServiceContext): Promise<TwoFactorRequirementValue> {
  assertAdmin(ctx);
  return currentRequirement(ctx);
}

/** Admins set who must use two-factor sign-in (audited); BAD_USER_INPUT for an unknown value. */
export async function setRequirement(ctx: ServiceContext, value: unknown): Promise<TwoFactorRequirementValue> {
  assertAdmin(ctx);
  const required = v.oneOf('Required', value, TWO_FACTOR_REQUIREMENTS);
  const before = await currentRequirement(ctx);
  const row = (await ctx.em.findOne(TwoFactorRequirement, { id: ID })) ?? ctx.em.create(TwoFactorRequirement, { id: ID, required, updatedAt: ctx.now() });
  row.required = required;
  row.updatedAt = ctx.now();
  if (before !== required) {
    recordAudit(ctx, {
      action: 'updated',
      description: `Two-factor sign-in required for ${LABELS[required]}`,
      entityType: 'settings',
      entityId: null,
      taskId: null,
      oldValues: { twoFactorRequired: before },
      newValues: { twoFactorRequired: required },
    });
  }
  await ctx.em.flush();
  remembered.delete(ctx.app);
  return required;
}
