import { describe, expect, it, vi } from 'vitest';
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
// The app's own client opens a WebSocket when its module loads; this test brings its own client.
vi.mock('../../web/lib/apollo', () => ({ timeZone: 'UTC', wsClient: {}, apolloClient: {}, resetSession: async () => {} }));

import { loadRemainingTasks } from '../../web/features/planner/hooks/usePlannerTasks';
import { PlannerTaskIdsQuery, PlannerTasksQuery } from '../../web/features/planner/planner.graphql';
import { addTaskToLists } from '../../web/features/task/hooks/task-cache';
import { plannerCard } from './support/planner-card';

const card = (n: number) => plannerCard(n, `task-${n}`);

/** A client whose server holds `serverTasks` (newest first) and answers the later-page query by offset. */
function clientWith(serverTasks: ReturnType<typeof card>[]) {
  const link = new ApolloLink((operation) => {
    const after = operation.variables.after as string | null | undefined;
    const offset = after ? Number(atob(after.replace(/-/g, '+').replace(/_/g, '/')).slice(2)) + 1 : 0;
    const nodes = serverTasks.slice(offset, offset + 500);
    return new Observable((observer) => {
      observer.next({
        data: { tasks: { __typename: 'TaskConnection', totalCount: serverTasks.length, pageInfo: { __typename: 'PageInfo', hasNextPage: offset + 500 < serverTasks.length }, nodes } },
      });
      observer.complete();
    });
  });
  return new ApolloClient({ cache: new InMemoryCache(), link });
}

const listed = (client: ApolloClient) => {
  const data = client.cache.readQuery({ query: PlannerTaskIdsQuery })!;
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
      data: { tasks: { __typename: 'TaskConnection', totalCount: 35, latestSeq: 7, nodes: older } },
    });
    expect(listed(client).ids.length).toBeLessThan(listed(client).count); // the screen says "Loading all 35 tasks..."

    await loadRemainingTasks(client, () => false);
    expect(listed(client)).toEqual({ count: 34, ids: older.map((t) => t.id) });

    // The live event of the 35th task arrives (its seq is after the first page's latestSeq).
    client.cache.writeFragment({ fragment: gql`fragment LiveTask on Task { id title }`, data: { __typename: 'Task', id: newest.id, title: newest.title } });
    addTaskToLists(client.cache, newest);
    const after = listed(client);
    expect(after.count).toBe(35);
    expect(after.ids).toHaveLength(35);
  });
});
