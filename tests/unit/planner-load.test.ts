import { describe, expect, it, vi } from 'vitest';
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
// The app's own client opens a WebSocket when its module loads; this test brings its own client.
vi.mock('../../web/lib/apollo', () => ({ timeZone: 'UTC', wsClient: {}, apolloClient: {}, resetSession: async () => {} }));

import { loadRemainingTasks, reloadPlannerTasks } from '../../web/features/planner/hooks/usePlannerTasks';
import { readFirstPlannerPage } from '../../web/features/planner/hooks/first-page';
import { PlannerTaskIdsQuery, PlannerTasksQuery } from '../../web/features/planner/planner.graphql';
import { TaskCardFragment } from '../../web/features/planner/components/TaskCard';
import { addTaskToLists, removeTaskFromCache } from '../../web/features/task/hooks/task-cache';
import { recordApplied } from '../../web/lib/live-start';
import { plannerCard } from './support/planner-card';

const card = (n: number) => plannerCard(n, `task-${n}`);

/**
 * The mock servers' keyset cursors: the number of the last task read (the list is newest first, by
 * number); a page after it holds the tasks with smaller numbers, whatever changed before it.
 */
const numberOf = (task: { id: string }) => Number(task.id.slice('task-'.length));
const cursorOf = (task: { id: string } | undefined) => (task ? `k:${numberOf(task)}` : null);
function pageAfter<T extends { id: string }>(tasks: T[], after: string | null | undefined, size: number) {
  const rest = after ? tasks.filter((t) => numberOf(t) < Number(after.slice(2))) : tasks;
  const nodes = rest.slice(0, size);
  return { nodes, pageInfo: { __typename: 'PageInfo', hasNextPage: rest.length > size, endCursor: cursorOf(nodes[nodes.length - 1]) } };
}

/** A client whose server holds `serverTasks` (newest first) and answers the later-page query after a keyset cursor. */
function clientWith(serverTasks: ReturnType<typeof card>[]) {
  const link = new ApolloLink((operation) => {
    const { nodes, pageInfo } = pageAfter(serverTasks, operation.variables.after as string | null | undefined, 500);
    return new Observable((observer) => {
      observer.next({
        data: { tasks: { __typename: 'TaskConnection', totalCount: serverTasks.length, pageInfo, nodes } },
      });
      observer.complete();
    });
  });
  return new ApolloClient({ cache: new InMemoryCache(), link });
}

const listed = (client: ApolloClient) => {
  const data = client.cache.readQuery({ query: PlannerTaskIdsQuery, variables: { scope: 'everyone' } })!;
  return { count: data.tasks.totalCount, ids: data.tasks.nodes.map((t) => t.id) };
};

describe('the planner list read past its first page', () => {
  it('ends with its count equal to its tasks when the first page counted a task it did not list', async () => {
    // 34 tasks when the first page's rows were read; a 35th was written before its count was taken.
    const older = Array.from({ length: 34 }, (_, i) => card(34 - i));
    const newest = card(100);
    const client = clientWith([newest, ...older]);
    client.cache.writeQuery({
      query: PlannerTasksQuery,
      variables: { scope: 'everyone' },
      data: {
        tasks: {
          __typename: 'TaskConnection',
          totalCount: 35,
          latestSeq: 7,
          pageInfo: { __typename: 'PageInfo', endCursor: cursorOf(older.at(-1)) },
          nodes: older,
        },
      },
    });
    expect(listed(client).ids.length).toBeLessThan(listed(client).count); // the screen says "Loading all 35 tasks..."

    await loadRemainingTasks(client, 'everyone', () => false);
    expect(listed(client)).toEqual({ count: 34, ids: older.map((t) => t.id) });

    // The live event of the 35th task arrives (its seq is after the first page's latestSeq).
    client.cache.writeFragment({
      fragment: gql`
        fragment LiveTask on Task {
          id
          title
        }
      `,
      data: { __typename: 'Task', id: newest.id, title: newest.title },
    });
    addTaskToLists(client.cache, newest);
    const after = listed(client);
    expect(after.count).toBe(35);
    expect(after.ids).toHaveLength(35);
  });
});

/**
 * A server whose tasks (newest first) can change between requests: answers the first page (PlannerTasks,
 * 100) and the later pages (500 after a cursor); `onRequest` runs before each answer.
 */
function changingServer(tasks: ReturnType<typeof card>[], onRequest: (request: number) => void) {
  let requests = 0;
  const link = new ApolloLink((operation) => {
    onRequest(++requests);
    const size = operation.operationName === 'PlannerTasks' ? 100 : 500;
    const { nodes, pageInfo } = pageAfter(tasks, operation.variables.after as string | null | undefined, size);
    const connection = { __typename: 'TaskConnection', totalCount: tasks.length, latestSeq: 50, pageInfo, nodes };
    return new Observable((observer) => {
      observer.next({ data: { tasks: connection } });
      observer.complete();
    });
  });
  return new ApolloClient({ cache: new InMemoryCache(), link });
}

const titleOf = (client: ApolloClient, id: string) =>
  client.cache.readFragment<{ title: string }>({
    id: `Task:${id}`,
    fragment: gql`
      fragment T on Task {
        title
      }
    `,
  })?.title;

describe('the planner list read again after a REFETCH', () => {
  it("keeps every task on screen until the whole list is in, then shows the server's list with the live changes made meanwhile", async () => {
    // The cached list: 1,250 tasks, read before the live log stopped reaching back.
    const cached = Array.from({ length: 1250 }, (_, i) => card(1250 - i));
    // Since then, on the server: one task deleted, one created, one renamed.
    const deleted = cached[700];
    const created = card(5000);
    const renamed = { ...cached[900], title: 'Renamed on the server' };
    const server = [created, ...cached.filter((t) => t !== deleted).map((t) => (t.id === renamed.id ? renamed : t))];
    // While the pages come in, the live stream adds one task, updates one and removes one.
    const liveNew = card(6000);
    const liveUpdated = cached[1100];
    const liveRemoved = cached[1200];
    const onScreen: number[] = [];
    const client = changingServer(server, (request) => {
      onScreen.push(listed(client).ids.length);
      if (request !== 2) return;
      server.unshift(liveNew); // the server has it too (a page may or may not include it)
      client.cache.writeFragment({ fragment: TaskCardFragment, fragmentName: 'TaskCard_task', data: liveNew });
      addTaskToLists(client.cache, liveNew);
      recordApplied(51, { kind: 'TASK_CREATED', taskId: liveNew.id });
      client.cache.writeFragment({
        fragment: gql`
          fragment LiveTitle on Task {
            id
            title
          }
        `,
        data: { __typename: 'Task', id: liveUpdated.id, title: 'Changed live' },
      });
      recordApplied(52, { kind: 'TASK_UPDATED', taskId: liveUpdated.id });
      removeTaskFromCache(client.cache, liveRemoved.id);
      recordApplied(53, { kind: 'TASK_REMOVED', taskId: liveRemoved.id });
    });
    client.cache.writeQuery({
      query: PlannerTasksQuery,
      variables: { scope: 'everyone' },
      data: {
        tasks: {
          __typename: 'TaskConnection',
          totalCount: cached.length,
          latestSeq: 7,
          pageInfo: { __typename: 'PageInfo', endCursor: cursorOf(cached.at(-1)) },
          nodes: cached,
        },
      },
    });

    expect(await reloadPlannerTasks(client, 'everyone', () => false)).toBe(true);

    // Nothing left the screen while the pages were read: 1,250, then 1,250 + 1 - 1 after the live events.
    expect(onScreen.every((n) => n >= 1250)).toBe(true);
    expect(onScreen.length).toBeGreaterThan(2);
    const expected = [liveNew.id, ...server.filter((t) => t.id !== liveNew.id && t.id !== liveRemoved.id).map((t) => t.id)];
    expect(listed(client)).toEqual({ count: expected.length, ids: expected });
    expect(listed(client).ids).not.toContain(deleted.id);
    expect(titleOf(client, renamed.id)).toBe('Renamed on the server');
    expect(titleOf(client, liveUpdated.id)).toBe('Changed live'); // the page read before the event does not undo it
  });

  it('changes nothing when cancelled before the last page', async () => {
    const cached = Array.from({ length: 800 }, (_, i) => card(800 - i));
    const server = cached.slice(1);
    let stop = false;
    const client = changingServer(server, (request) => {
      if (request === 2) stop = true;
    });
    client.cache.writeQuery({
      query: PlannerTasksQuery,
      variables: { scope: 'everyone' },
      data: {
        tasks: {
          __typename: 'TaskConnection',
          totalCount: cached.length,
          latestSeq: 7,
          pageInfo: { __typename: 'PageInfo', endCursor: cursorOf(cached.at(-1)) },
          nodes: cached,
        },
      },
    });
    expect(await reloadPlannerTasks(client, 'everyone', () => stop)).toBe(false);
    expect(listed(client)).toEqual({ count: 800, ids: cached.map((t) => t.id) });
  });
});

/** A server that answers each request only when the test says so (`answer(n)` answers the n-th, from 1). */
function heldServer(tasks: ReturnType<typeof card>[]) {
  const waiting: (() => void)[] = [];
  const link = new ApolloLink(
    () =>
      new Observable((observer) => {
        waiting.push(() => {
          observer.next({
            data: {
              tasks: {
                __typename: 'TaskConnection',
                totalCount: tasks.length,
                latestSeq: 9,
                pageInfo: { __typename: 'PageInfo', endCursor: cursorOf(tasks.slice(0, 100).at(-1)) },
                nodes: tasks.slice(0, 100),
              },
            },
          });
          observer.complete();
        });
      }),
  );
  const client = new ApolloClient({ cache: new InMemoryCache(), link });
  return { client, requests: () => waiting.length, answer: (n: number) => waiting[n - 1]() };
}

describe("the planner list's first page", () => {
  it('is read once for callers that ask while it is on its way, and written into the cache as the list', async () => {
    const tasks = Array.from({ length: 120 }, (_, i) => card(120 - i));
    const server = heldServer(tasks);
    const boot = readFirstPlannerPage(server.client, 'everyone');
    const screen = readFirstPlannerPage(server.client, 'everyone');
    expect(server.requests()).toBe(1);
    server.answer(1);
    await Promise.all([boot, screen]);
    expect(listed(server.client)).toEqual({ count: 120, ids: tasks.slice(0, 100).map((t) => t.id) });
    // A later call reads it again (a REFETCH, a retry).
    const again = readFirstPlannerPage(server.client, 'everyone');
    expect(server.requests()).toBe(2);
    server.answer(2);
    await again;
  });

  it("drops an answer that arrives after a store reset (it may be the previous user's)", async () => {
    const server = heldServer([card(1), card(2)]);
    const before = readFirstPlannerPage(server.client, 'everyone').catch(() => 'cancelled');
    await server.client.clearStore();
    server.answer(1);
    await before;
    expect(server.client.cache.readQuery({ query: PlannerTaskIdsQuery, variables: { scope: 'everyone' } })).toBeNull();
    // The next read after the reset is a request of its own, and its answer counts.
    const after = readFirstPlannerPage(server.client, 'everyone');
    expect(server.requests()).toBe(2);
    server.answer(2);
    await after;
    expect(listed(server.client).ids).toHaveLength(2);
  });
});
