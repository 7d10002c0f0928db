/** Helpers of tests/api/workspace-transfer.test.ts: loading an export into a fresh database, running the commands, comparing two servers. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { expect } from 'vitest';
import { entitiesOf } from '../../../api/common/module.js';
import { ormOptions } from '../../../api/db/orm.config.js';
import { SERVER_MODULES } from '../../../api/modules/index.js';
import {
  exportToFile,
  importFromFile,
  workspaceLocation,
  type ImportSummary,
  type WorkspaceManifest,
} from '../../../api/modules/workspace-transfer/transfer.service.js';
import type { Client } from './client.js';

const tempDirs: string[] = [];
export const tempDir = (prefix = 'lwf-transfer-'): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
export const removeTempDirs = (): void => tempDirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));

/** Loads an export into the database of `databaseUrl` (null: a SQLite file in `dataDir`), as npm run import does. */
export async function importInto(archive: string, databaseUrl: string | null, dataDir: string): Promise<ImportSummary & { manifest: WorkspaceManifest }> {
  const orm = await MikroORM.init(ormOptions({ entities: entitiesOf(SERVER_MODULES), databaseUrl, dataDir }));
  try {
    return await importFromFile(orm, workspaceLocation(databaseUrl, dataDir), archive);
  } finally {
    await orm.close(true);
  }
}

/** Exports the database of `databaseUrl` (null: the SQLite file in `dataDir`) into a new file, as npm run export does. */
export async function exportFrom(databaseUrl: string | null, dataDir: string): Promise<string> {
  const file = path.join(tempDir(), 'workspace.tar.gz');
  const orm = await MikroORM.init(ormOptions({ entities: entitiesOf(SERVER_MODULES), databaseUrl, dataDir }));
  try {
    await exportToFile(orm, workspaceLocation(databaseUrl, dataDir), file);
    return file;
  } finally {
    await orm.close(true);
  }
}

/** Every REST list of the SPEC's section 7 and the settings lists, as an admin reads them. */
export const REST_LISTS = [
  '/api/tasks',
  '/api/users',
  '/api/projects',
  '/api/system-configs',
  '/api/functions',
  '/api/teams',
  '/api/team-members',
  '/api/manager/reportees',
  '/api/manager/reportee-tasks',
  '/api/task-templates',
  '/api/task-views',
  '/api/audit',
  '/api/notifications',
  '/api/notifications/preferences',
  '/api/tokens',
  '/api/webhooks',
];

/** GraphQL reads compared across the move. */
export const GRAPHQL_READS = [
  '{ tasks(first: 100) { totalCount latestSeq nodes { id title status column tags dueDate scheduledDate createdAt updatedAt version commentCount subtaskCount { done total } } } }',
  '{ activity(first: 100) { totalCount nodes { id action taskId userId createdAt } } }',
  '{ users { id username email role managerId isActive createdAt } }',
  '{ taskViews { id name filters { statuses tags assignees search } columns isPublic sharedWith } }',
  '{ webhooks { id url events enabled } }',
  '{ apiTokens { id name createdAt lastUsedAt } }',
];

/** The paths whose answers are compared: the lists, then a sample of tasks' subtasks, comments and history, and the templates' subtasks. */
export async function pathsToCompare(admin: Client): Promise<string[]> {
  const tasks = (await admin.get('/api/tasks')).body as { id: string; subtaskCount?: number }[];
  const sample = tasks.filter((_, i) => i % Math.max(1, Math.floor(tasks.length / 25)) === 0);
  const templates = (await admin.get('/api/task-templates')).body as { id: string }[];
  return [
    ...REST_LISTS,
    ...sample.flatMap((t) => [`/api/tasks/${t.id}`, `/api/tasks/${t.id}/subtasks`, `/api/tasks/${t.id}/comments`, `/api/audit?taskId=${t.id}`]),
    ...templates.map((t) => `/api/task-templates/${t.id}/subtasks`),
  ];
}

/** Checks that two servers answer the same paths and GraphQL reads identically (status and JSON). */
export async function expectSameAnswers(a: Client, b: Client, paths: string[], label: string): Promise<void> {
  for (const p of paths) {
    const [ra, rb] = await Promise.all([a.get(p), b.get(p)]);
    expect(ra.status, `${label} ${p}`).toBe(200);
    expect(rb.status, `${label} ${p}`).toBe(ra.status);
    expect(rb.body, `${label} ${p}`).toEqual(ra.body);
  }
  for (const query of GRAPHQL_READS) {
    const [ra, rb] = await Promise.all([a.gql(query), b.gql(query)]);
    expect(ra.errors, `${label} ${query}`).toBeUndefined();
    expect(rb.errors, `${label} ${query}`).toBeUndefined();
    expect(rb.data, `${label} ${query}`).toEqual(ra.data);
  }
}
