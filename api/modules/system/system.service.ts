import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';
import { logger } from '../../common/logger.js';
import type { SystemStatus } from './system.types.js';

/**
 * The readiness of this server for the admin health card: pings the database and names the database
 * kind and the live-update mode. Admins only (FORBIDDEN otherwise); a failed ping answers ready=false.
 */
export async function systemStatus(ctx: ServiceContext): Promise<SystemStatus> {
  const actor = requireActor(ctx);
  if (!isAdmin(actor)) throw forbidden('Only admins can see the system status');
  let ready = true;
  try {
    await ctx.em.getConnection().execute('select 1');
  } catch (err) {
    logger.warn('readiness check: the database did not answer', err);
    ready = false;
  }
  const { databaseUrl, redisUrl } = ctx.app.config;
  return {
    ready,
    database: databaseUrl ? 'postgresql' : 'sqlite',
    liveUpdates: redisUrl ? 'redis' : 'in-process',
    checkedAt: ctx.now(),
  };
}
