import type { NonEmptyArray } from 'type-graphql';
import { AuthResolver } from '../auth/auth.resolver.js';
import { TaskResolver } from '../modules/task/task.resolver.js';

/** Every resolver class of the schema; a module adds its resolver here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS: NonEmptyArray<Function> = [AuthResolver, TaskResolver];
