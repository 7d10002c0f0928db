import { describe, expect, it, vi } from 'vitest';
import { gql, InMemoryCache } from '@apollo/client';
// The app's own client opens a WebSocket when its module loads; this test brings its own cache.
vi.mock('../../web/lib/apollo', () => ({ timeZone: 'UTC', wsClient: {}, apolloClient: {}, resetSession: async () => {} }));

import { readPlannerList, type PlannerList } from '../../web/features/planner/hooks/planner-list';
import { PlannerTasksQuery, type PlannerScope } from '../../web/features/planner/planner.graphql';
import { TaskCardFragment } from '../../web/features/planner/components/TaskCard';
import { addTaskToLists } from '../../web/features/task/hooks/task-cache';
import { plannerCard } from './support/planner-card';

const MANAGER = 'manager-1';
const REPORT = 'report-1';
const OUTSIDER = 'outsider-1';
const person = (id: string, managerId: string | null) => ({ __typename: 'User' as const, id, firstName: id, lastName: '', username: id, managerId });

/** A card assigned to `assignee` (with their manager) and created by `creator`. */
function card(n: number, assignee: { id: string; managerId: string | null } | null, creator = OUTSIDER) {
  return { ...plannerCard(n), assignedToId: assignee?.id ?? null, assignedTo: assignee && person(assignee.id, assignee.managerId), createdById: creator };
}

/** A cache signed in as the manager, holding the planner's lists of both scopes. */
function managerCache(team: ReturnType<typeof card>[], everyone: ReturnType<typeof card>[]) {
  const cache = new InMemoryCache();
  cache.writeQuery({
    query: gql`
      query Viewer {
        me {
          id
          managerId
        }
      }
    `,
    data: { me: { __typename: 'User', id: MANAGER, managerId: null } },
  });
  const write = (scope: PlannerScope, nodes: ReturnType<typeof card>[]) =>
    cache.writeQuery({
      query: PlannerTasksQuery,
      variables: { scope },
      data: { tasks: { __typename: 'TaskConnection', totalCount: nodes.length, latestSeq: 1, pageInfo: { __typename: 'PageInfo', endCursor: null }, nodes } },
    });
  write('team', team);
  write('everyone', everyone);
  return cache;
}

const ids = (cache: InMemoryCache, scope: PlannerScope) => {
  const list = readPlannerList(cache, scope) as PlannerList;
  return { ids: list.tasks.map((t) => t.title), count: list.totalCount };
};

/** Writes a task into the cache (as a mutation's answer or a live event does), then places it in the lists. */
function arrive(cache: InMemoryCache, task: ReturnType<typeof card>) {
  cache.writeFragment({ fragment: TaskCardFragment, fragmentName: 'TaskCard_task', data: task });
  addTaskToLists(cache, task);
}

describe("the planner's scopes in the cache", () => {
  const mine = card(1, { id: MANAGER, managerId: null });
  const reports = card(2, { id: REPORT, managerId: MANAGER });
  const others = card(3, { id: OUTSIDER, managerId: null });

  it('adds a task to the team list only when it is the viewer’s or a direct report’s; everyone’s list takes every task', () => {
    const cache = managerCache([reports, mine], [others, reports, mine]);
    arrive(cache, card(10, { id: REPORT, managerId: MANAGER }));
    arrive(cache, card(11, { id: OUTSIDER, managerId: null }));
    arrive(cache, card(12, null, REPORT)); // unassigned, created by a report
    arrive(cache, card(13, null, OUTSIDER));
    expect(ids(cache, 'team')).toEqual({ ids: ['Task 12', 'Task 10', 'Task 2', 'Task 1'], count: 4 });
    expect(ids(cache, 'everyone')).toEqual({ ids: ['Task 13', 'Task 12', 'Task 11', 'Task 10', 'Task 3', 'Task 2', 'Task 1'], count: 7 });
  });

  it('takes a task out of the team list when it is reassigned out of the team, and keeps it in everyone’s', () => {
    const cache = managerCache([reports, mine], [reports, mine]);
    arrive(cache, { ...reports, assignedToId: OUTSIDER, assignedTo: person(OUTSIDER, null) });
    expect(ids(cache, 'team')).toEqual({ ids: ['Task 1'], count: 1 });
    expect(ids(cache, 'everyone')).toEqual({ ids: ['Task 2', 'Task 1'], count: 2 });
    // Back to a report: back on the team's board.
    arrive(cache, reports);
    expect(ids(cache, 'team')).toEqual({ ids: ['Task 2', 'Task 1'], count: 2 });
  });

  it('leaves a scope’s list alone while the viewer is unknown (it is read again from the server)', () => {
    const cache = new InMemoryCache();
    cache.writeQuery({
      query: PlannerTasksQuery,
      variables: { scope: 'team' },
      data: { tasks: { __typename: 'TaskConnection', totalCount: 1, latestSeq: 1, pageInfo: { __typename: 'PageInfo', endCursor: null }, nodes: [mine] } },
    });
    arrive(cache, card(20, { id: OUTSIDER, managerId: null }));
    expect(ids(cache, 'team')).toEqual({ ids: ['Task 1'], count: 1 });
  });
});
