import { toJson } from '../../rest/http.js';
import type { User } from './user.entity.js';
import { displayName } from './user.service.js';

/** A user as REST JSON: the entity's public fields (never the password hash) plus a display name. */
export const userJson = (user: User) => ({ ...(toJson(user) as Record<string, unknown>), name: displayName(user) });
