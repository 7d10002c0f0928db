import type { EntityManager } from '@mikro-orm/core';
import { byId, PeekableLoader, type Loaders } from '../../common/loaders.js';
import { findById, findByIds } from '../../common/by-id.js';
import { toActor, type Actor } from '../../common/actor.js';
import { User } from './user.entity.js';

declare module '../../common/loaders.js' {
  interface Loaders {
    user: PeekableLoader<string, User | null>;
  }
}

/** The user module's per-request loaders. */
export const userLoaders = (em: EntityManager) => ({
  user: new PeekableLoader<string, User | null>(async (ids) => byId(ids, await findByIds(em, User, ids))),
});

/** The signed-in user as an actor (AppRuntime.actorOf): null when unknown or inactive (an inactive user is anonymous). */
export async function signedInActor(em: EntityManager, loaders: Loaders, userId: string): Promise<Actor | null> {
  const user = await findById(em, User, userId);
  // The actor's row is loaded already: permission checks that look the actor up cost no query.
  if (user) loaders.user.prime(user.id, user);
  return user?.isActive ? toActor(user) : null;
}
