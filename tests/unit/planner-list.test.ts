import { describe, expect, it, vi } from 'vitest';
import { gql, InMemoryCache, type Reference } from '@apollo/client';
// The app's own client opens a WebSocket when its module loads; these tests bring their own cache.
vi.mock('../../web/lib/apollo', () => ({ timeZone: 'UTC', wsClient: {}, apolloClient: {}, resetSession: async () => {} }));

import { chunkTaskRefs, readPlannerList, watchPlannerList, type PlannerList } from '../../web/features/planner/hooks/planner-list';
import { PlannerTasksQuery } from '../../web/features/planner/planner.graphql';
import { addTaskToLists, removeTaskFromCache } from '../../web/features/task/hooks/task-cache';
import { plannerCard } from './support/planner-card';

const card = (n: number) => plannerCard(n);

function cacheWith(count: number) {
  const cache = new InMemoryCache();
  const nodes = Array.from({ length: count }, (_, i) => card(count - i));
  cache.writeQuery({
    query: PlannerTasksQuery,
    variables: { scope: 'everyone' },
    data: { tasks: { __typename: 'TaskConnection', totalCount: count, latestSeq: 1, pageInfo: { __typename: 'PageInfo', endCursor: null }, nodes } },
  });
  return { cache, nodes };
}

const ref = (n: number): Reference => ({ __ref: `Task:${card(n).id}` });
const MoveFragment = gql`
  fragment Moved on Task {
    id
    column
  }
`;

describe('the planner list watched in chunks', { timeout: 60_000 }, () => {
  it('reads every task of the cached list in order, with typenames (optimistic answers are built from them)', () => {
    const { cache, nodes } = cacheWith(600);
    const list = readPlannerList(cache, 'everyone') as PlannerList;
    expect(list.totalCount).toBe(600);
    expect(list.tasks.map((t) => t.id)).toEqual(nodes.map((t) => t.id));
    expect(list.tasks[0]).toMatchObject({ __typename: 'Task', title: 'Task 600', viewerCan: { update: true } });
    expect(readPlannerList(new InMemoryCache(), 'everyone')).toBeNull();
  });

  it('gives a new list when one task changes, and the same objects for every other task', () => {
    const { cache } = cacheWith(900);
    const seen: PlannerList[] = [];
    const stop = watchPlannerList(cache, 'everyone', (list) => void (list && list !== 'incomplete' && seen.push(list)));
    expect(seen).toHaveLength(1);
    const before = seen[0].tasks;
    cache.writeFragment({ fragment: MoveFragment, data: { __typename: 'Task', id: card(700).id, column: 'TODAY' } });
    expect(seen).toHaveLength(2);
    const after = seen[1].tasks;
    expect(after.find((t) => t.id === card(700).id)?.column).toBe('TODAY');
    expect(after.filter((t, i) => t !== before[i]).map((t) => t.title)).toEqual(['Task 700']);
    // An optimistic write shows at once and goes with its layer.
    cache.recordOptimisticTransaction(
      (c) => c.writeFragment({ fragment: MoveFragment, data: { __typename: 'Task', id: card(5).id, column: 'COMPLETED' } }),
      'move',
    );
    expect(seen.at(-1)!.tasks.find((t) => t.id === card(5).id)?.column).toBe('COMPLETED');
    cache.removeOptimistic('move');
    expect(seen.at(-1)!.tasks.find((t) => t.id === card(5).id)?.column).toBe('UNSCHEDULED');
    stop();
  });

  it('follows tasks added to and removed from the list', () => {
    const { cache } = cacheWith(300);
    let latest: PlannerList | null | 'incomplete' = null;
    const stop = watchPlannerList(cache, 'everyone', (list) => (latest = list));
    const added = card(5000);
    cache.writeFragment({ fragment: PlannerTaskCard, fragmentName: 'TaskCard_task', data: added });
    addTaskToLists(cache, added);
    expect((latest as unknown as PlannerList).tasks[0].id).toBe(added.id);
    expect((latest as unknown as PlannerList).totalCount).toBe(301);
    removeTaskFromCache(cache, card(42).id);
    expect((latest as unknown as PlannerList).tasks.some((t) => t.id === card(42).id)).toBe(false);
    expect((latest as unknown as PlannerList).totalCount).toBe(300);
    stop();
  });

  it('says incomplete when a task of the list lacks a field the cards read', () => {
    const { cache } = cacheWith(10);
    cache.evict({ id: cache.identify({ __typename: 'Task', id: card(3).id }), fieldName: 'title' });
    expect(readPlannerList(cache, 'everyone')).toBe('incomplete');
  });

  it('keeps chunks whose run of tasks did not change when a task is added or removed', () => {
    const refs = Array.from({ length: 4000 }, (_, i) => ref(i));
    const chunks = chunkTaskRefs(refs);
    expect(chunks.length).toBeGreaterThan(20);
    expect(Math.max(...chunks.map((c) => c.nodes.length))).toBeLessThanOrEqual(256);
    expect(chunks.flatMap((c) => c.nodes)).toEqual(refs);
    expect(chunkTaskRefs(refs)).toBe(chunks);
    const prepended = chunkTaskRefs([ref(9999), ...refs]);
    expect(prepended.filter((c) => !chunks.includes(c))).toHaveLength(1);
    const removed = chunkTaskRefs([ref(9999), ...refs.slice(0, 2000), ...refs.slice(2001)]);
    expect(removed.filter((c) => !prepended.includes(c))).toHaveLength(1);
  });
});

import { TaskCardFragment as PlannerTaskCard } from '../../web/features/planner/components/TaskCard';
