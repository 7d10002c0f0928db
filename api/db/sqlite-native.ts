import { createRequire } from 'node:module';

/**
 * better-sqlite3's Database constructor (the package ships no types: callers type what they use). Version
 * 13, a Node-API module, is the one that survives Node 24 (older builds abort the process when a statement
 * is garbage collected there); it needs Node 22, which is why `engines` asks for 22.12 or newer
 * (docs/DECISIONS.md, "Node.js versions").
 */
export function betterSqlite3<T = unknown>(): T {
  return createRequire(import.meta.url)('better-sqlite3') as T;
}
