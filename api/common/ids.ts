import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for the UUID strings the server hands out; anything else can never name an object. */
export const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
