import { createRequire } from 'node:module';

/**
 * The better-sqlite3 build for the Node.js that runs us. better-sqlite3 13 is a Node-API module and the
 * only one that survives Node 24 (older builds abort the process when a statement is garbage collected
 * there), but it does not load on Node 20; 12 still runs on Node 20. Both are installed, under their
 * own names, and the one for this Node is loaded (docs/DECISIONS.md, "Node.js versions").
 */
export const SQLITE_MODULE = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';

/** better-sqlite3's Database constructor for this Node (the package ships no types: callers type what they use). */
export function betterSqlite3<T = unknown>(): T {
  return createRequire(import.meta.url)(SQLITE_MODULE) as T;
}
