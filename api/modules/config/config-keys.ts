import type { ServiceContext } from '../../common/context.js';
import type { Problems } from '../../common/validate.js';
import { SystemConfig } from './config.entity.js';

/** The fields of tasks and templates whose values are config keys, with their config type. */
const CONFIG_FIELDS = [
  { field: 'category', configType: 'categories', label: 'Category', plural: 'categories' },
  { field: 'priority', configType: 'priorities', label: 'Priority', plural: 'priorities' },
] as const;

export type ConfigKeyed = { category?: string; priority?: string };

/**
 * Checks category and priority values against the active config items, in one query and
 * only when a value is sent that differs from `current` (a task keeps a key that was deactivated
 * later). A known key in another case is rewritten to the stored key; an unknown one adds a problem
 * naming the allowed keys.
 */
export async function checkConfigKeys(ctx: ServiceContext, fields: ConfigKeyed, current: ConfigKeyed | null, problems: Problems): Promise<void> {
  const toCheck = CONFIG_FIELDS.filter(({ field }) => {
    const value = fields[field];
    return value !== undefined && value !== '' && (!current || value !== current[field]);
  });
  if (toCheck.length === 0) return;
  const items = await ctx.em.find(
    SystemConfig,
    { configType: { $in: toCheck.map((c) => c.configType) }, isActive: true },
    { orderBy: { sortOrder: 'asc', createdAt: 'asc', id: 'asc' } },
  );
  for (const { field, configType, label, plural } of toCheck) {
    const keys = items.filter((i) => i.configType === configType).map((i) => i.configKey);
    const value = fields[field]!;
    const match = keys.find((k) => k.toLowerCase() === value.toLowerCase());
    if (match) fields[field] = match;
    else problems.add(`${label} "${value}" is not one of the active ${plural}: ${keys.join(', ')}`);
  }
}
