import { BetterSqlitePlatform } from '@mikro-orm/better-sqlite';
import type { Platform } from '@mikro-orm/core';

/** Whether an entity manager (or ORM) talks to the embedded SQLite database rather than PostgreSQL. */
export const isSqlite = (em: { getPlatform(): Platform }): boolean => em.getPlatform() instanceof BetterSqlitePlatform;
