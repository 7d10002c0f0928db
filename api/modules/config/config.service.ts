import { raw, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { conflict, notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { diffFields, presentFields, snapshot } from '../audit/audit.diff.js';
import { publishStagedEvents } from '../../realtime/task-events.js';
import type { TaskEvent } from '../../realtime/task-event.entity.js';
import { SystemConfig } from './config.entity.js';
import type { ConfigKeyField } from './config-key-holders.js';
import { parseSystemConfigFields } from './config.inputs.js';
import { assertCanManageSystemConfigs, canManageSystemConfigs } from './config.policy.js';

export const CONFIG_AUDIT_FIELDS = [
  'configType',
  'configKey',
  'displayLabel',
  'color',
  'isActive',
  'value',
  'sortOrder',
] as const satisfies readonly (keyof SystemConfig)[];

/** The task field that stores the keys of a config type (a key change carries over to tasks). */
const TASK_FIELD: Record<string, ConfigKeyField> = { categories: 'category', priorities: 'priority' };

const noun = (configType: string): string => (configType === 'categories' ? 'category' : configType === 'priorities' ? 'priority' : 'item');

export function systemConfigPermissions(ctx: ServiceContext): { update: boolean; delete: boolean } {
  const allowed = canManageSystemConfigs(requireActor(ctx));
  return { update: allowed, delete: allowed };
}

/** Config items (all types, or one), in their display order; inactive items included. */
export async function listSystemConfigs(ctx: ServiceContext, configType?: string | null): Promise<SystemConfig[]> {
  requireActor(ctx);
  const type = v.optionalText('Config type', configType, 50);
  const where = type ? { configType: type } : {};
  return ctx.em.find(SystemConfig, where, { orderBy: { configType: 'asc', sortOrder: 'asc', createdAt: 'asc', id: 'asc' } });
}

export async function getSystemConfig(ctx: ServiceContext, configId: string): Promise<SystemConfig> {
  requireActor(ctx);
  const item = v.lookupId('Item id', configId) ? await ctx.em.findOne(SystemConfig, { id: configId }) : null;
  if (!item) throw notFound('Item');
  return item;
}

async function assertKeyFree(em: EntityManager, configType: string, configKey: string, exceptId: string | null): Promise<void> {
  const lower = raw((alias: string) => `lower(${alias}.config_key)`);
  const taken = await em.findOne(SystemConfig, { configType, [lower]: configKey.toLowerCase(), ...(exceptId ? { id: { $ne: exceptId } } : {}) } as never);
  if (taken) throw conflict(`A ${noun(configType)} with the key "${taken.configKey}" already exists`);
}

async function flushUnique(em: EntityManager, item: SystemConfig): Promise<void> {
  try {
    await em.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw conflict(`A ${noun(item.configType)} with the key "${item.configKey}" already exists`);
    throw err;
  }
}

/** Adds a category, priority or other item (anyone signed in). Key and label required; keys unique per type. */
export async function createSystemConfig(ctx: ServiceContext, rawInput: Record<string, unknown>): Promise<SystemConfig> {
  requireActor(ctx);
  const fields = parseSystemConfigFields(rawInput, 'create');
  await assertKeyFree(ctx.em, fields.configType!, fields.configKey!, null);
  const item = new SystemConfig();
  Object.assign(item, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
  if (fields.sortOrder === undefined) {
    const last = await ctx.em.findOne(SystemConfig, { configType: item.configType }, { orderBy: { sortOrder: 'desc' } });
    item.sortOrder = last ? last.sortOrder + 1 : 0;
  }
  item.createdAt = ctx.now();
  ctx.em.persist(item);
  recordAudit(ctx, {
    action: 'created',
    description: `Created ${noun(item.configType)} "${item.displayLabel}"`,
    entityType: 'system_config',
    entityId: item.id,
    taskId: null,
    newValues: presentFields(item, CONFIG_AUDIT_FIELDS),
  });
  await flushUnique(ctx.em, item);
  return item;
}

/**
 * Updates an item (admins; only the keys sent). Changing a category's or priority's key carries
 * over to the tasks and templates that use the old key.
 */
export async function updateSystemConfig(ctx: ServiceContext, configId: string, rawInput: Record<string, unknown>): Promise<SystemConfig> {
  const actor = requireActor(ctx);
  const item = await getSystemConfig(ctx, configId);
  assertCanManageSystemConfigs(actor, 'change');
  const fields = parseSystemConfigFields(rawInput, 'update');
  const targetType = fields.configType ?? item.configType;
  const targetKey = fields.configKey ?? item.configKey;
  if (targetType !== item.configType || targetKey.toLowerCase() !== item.configKey.toLowerCase()) await assertKeyFree(ctx.em, targetType, targetKey, item.id);

  const before = snapshot(item, CONFIG_AUDIT_FIELDS);
  Object.assign(item, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
  const changes = diffFields(before, snapshot(item, CONFIG_AUDIT_FIELDS), CONFIG_AUDIT_FIELDS);
  if (changes.changed.length === 0) return item;
  recordAudit(ctx, {
    action: 'updated',
    description: `Updated ${noun(item.configType)} "${item.displayLabel}"`,
    entityType: 'system_config',
    entityId: item.id,
    taskId: null,
    oldValues: changes.oldValues,
    newValues: changes.newValues,
  });
  const events: TaskEvent[] = [];
  const field = TASK_FIELD[before.configType];
  if (field && before.configType === item.configType && before.configKey !== item.configKey) {
    // Tasks and templates keep the key as text: each holder rewrites its own (config-key-holders.ts).
    for (const holder of ctx.app.configKeyHolders) events.push(...(await holder.renameKey(ctx, field, before.configKey, item.configKey)));
  }
  await flushUnique(ctx.em, item);
  publishStagedEvents(ctx, events);
  return item;
}

/** Deletes an item (admins). Tasks keep the key as text (shown with the default style: an unknown priority as medium, an unknown category as dev). */
export async function deleteSystemConfig(ctx: ServiceContext, configId: string): Promise<string> {
  const actor = requireActor(ctx);
  const item = await getSystemConfig(ctx, configId);
  assertCanManageSystemConfigs(actor, 'delete');
  recordAudit(ctx, {
    action: 'deleted',
    description: `Deleted ${noun(item.configType)} "${item.displayLabel}"`,
    entityType: 'system_config',
    entityId: item.id,
    taskId: null,
    oldValues: presentFields(item, CONFIG_AUDIT_FIELDS),
  });
  ctx.em.remove(item);
  await ctx.em.flush();
  return item.id;
}
