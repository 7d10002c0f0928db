import type { EntityManager } from '@mikro-orm/core';
import { User } from '../user/user.entity.js';

/** A user as the matcher reads them. */
export type Person = Pick<User, 'id' | 'username' | 'email' | 'firstName' | 'lastName' | 'managerId' | 'role' | 'isActive'>;
import type { PersonRef } from './import.types.js';

/** The active users, looked up by username, full name or email (without case), as a file names them. */
export interface People {
  match(person: PersonRef): Person | null;
  /** A user by id or username (the `assignTo` option). */
  find(idOrUsername: string): Person | null;
}

const key = (text: string | undefined): string => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

export async function loadPeople(em: EntityManager): Promise<People> {
  const users: Person[] = await em.find(
    User,
    { isActive: true },
    { fields: ['id', 'username', 'email', 'firstName', 'lastName', 'managerId', 'role', 'isActive'] },
  );
  const index = new Map<string, Person>();
  // Usernames first: a username wins over someone else's identical full name.
  for (const u of users) index.set(key(u.username), u);
  for (const u of users) if (u.email && !index.has(key(u.email))) index.set(key(u.email), u);
  for (const u of users) {
    const full = key(`${u.firstName} ${u.lastName}`);
    if (full && !index.has(full)) index.set(full, u);
  }
  const get = (text: string | undefined) => (key(text) ? (index.get(key(text)) ?? null) : null);
  return {
    match: (p) => get(p.username) ?? get(p.email) ?? get(p.fullName) ?? get(p.name),
    find: (idOrUsername) => users.find((u) => u.id === idOrUsername) ?? get(idOrUsername),
  };
}
