import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { recordAudit } from '../../modules/audit/audit.service.js';
import { TwoFactorRequirement } from './two-factor-requirement.entity.js';

/** Who must set up two-factor sign-in: nobody, the admins, or everyone. */
export const TWO_FACTOR_REQUIREMENTS = ['off', 'admins', 'everyone'] as const;
export type TwoFactorRequirementValue = (typeof TWO_FACTOR_REQUIREMENTS)[number];

const ID = 'workspace';
const LABELS: Record<TwoFactorRequirementValue, string> = { off: 'nobody', admins: 'admins', everyone: 'everyone' };

/** The workspace's requirement ('off' until an admin sets one). */
export async function currentRequirement(ctx: ServiceContext): Promise<TwoFactorRequirementValue> {
  const row = await ctx.em.findOne(TwoFactorRequirement, { id: ID }, { refresh: true });
  return (TWO_FACTOR_REQUIREMENTS as readonly string[]).includes(row?.required ?? '') ? (row!.required as TwoFactorRequirementValue) : 'off';
}

/** True when the requirement asks this person to use two-factor sign-in. */
export const requirementApplies = (required: TwoFactorRequirementValue, actor: Actor): boolean =>
  required === 'everyone' || (required === 'admins' && isAdmin(actor));

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
  return required;
}
