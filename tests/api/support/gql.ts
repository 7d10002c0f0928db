/** Helpers of the GraphQL suites (graphql-operations, graphql-performance): operations that must succeed or fail, a task factory. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Client } from './client.js';

export const TASK_FIELDS =
  'id title description status progress column priority category tags scheduledDate scheduledTime dueDate estimatedHours assignedToId createdById isOverdue completedAt';

/** Runs an operation and fails the test on any error. */
export async function ok(c: Client, query: string, variables?: Record<string, unknown>): Promise<any> {
  const res = await c.gql(query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

/** Runs an operation expected to fail and returns the first error's code. */
export async function codeOf(c: Client, query: string, variables?: Record<string, unknown>): Promise<string | undefined> {
  const res = await c.gql(query, variables);
  expect(res.errors?.length, JSON.stringify(res)).toBeGreaterThan(0);
  expect(res.errors![0].message.length).toBeGreaterThan(5);
  return res.errors![0].extensions?.code;
}

export const CREATE = `mutation($input: TaskInput!) { createTask(input: $input) { ${TASK_FIELDS} } }`;
export const create = async (c: Client, input: Record<string, unknown> = {}) =>
  (await ok(c, CREATE, { input: { title: `G ${randomUUID().slice(0, 6)}`, ...input } })).createTask;
