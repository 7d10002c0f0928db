import type { MikroORM } from '@mikro-orm/core';
import { logger } from '../../common/logger.js';
import { TwoFactorLogin } from './two-factor.entity.js';
import { isSealed, sealSecret } from './two-factor.seal.js';

/**
 * At start-up (api/app.ts), after the migrations: seals the TOTP secrets still stored in clear (from
 * before sealing, or loaded by a workspace import, docs/WORKSPACE-FORMAT.md). A migration cannot do it:
 * it has no SESSION_SECRET. Each row is written only if it still holds the clear value read, so
 * several processes starting at once do it once. Answers how many were sealed.
 */
export async function sealClearSecrets(orm: MikroORM, sessionSecret: string): Promise<number> {
  const em = orm.em.fork();
  const rows = await em.find(TwoFactorLogin, { $not: { secret: { $like: 'v1:%' } } }, { fields: ['userId', 'secret'] });
  let sealed = 0;
  for (const row of rows) {
    if (isSealed(row.secret)) continue;
    sealed += await em.nativeUpdate(TwoFactorLogin, { userId: row.userId, secret: row.secret }, { secret: sealSecret(row.secret, sessionSecret) });
  }
  if (sealed > 0) logger.info(`Sealed ${sealed} two-factor secret${sealed === 1 ? '' : 's'} stored in clear`);
  return sealed;
}
