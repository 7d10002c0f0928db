import type { EntityManager } from '@mikro-orm/core';

/**
 * An entity rebuilt from its JSON form (`wrap(entity).toObject()`, as kept in an audit entry): Date
 * properties back to dates, keys the entity does not have dropped. Not persisted: the caller does that.
 */
export function entityFromJson<T extends object>(em: EntityManager, entity: new () => T, data: Record<string, unknown>): T {
  const meta = em.getMetadata().get(entity.name);
  const out = new entity() as Record<string, unknown>;
  for (const prop of Object.values(meta.properties)) {
    if (!Object.hasOwn(data, prop.name)) continue;
    const value = data[prop.name];
    const isDate = prop.runtimeType === 'Date' || String(prop.type).toLowerCase() === 'date';
    out[prop.name] = isDate && typeof value === 'string' ? new Date(value) : value;
  }
  return out as T;
}
