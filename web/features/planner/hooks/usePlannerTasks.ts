import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApolloCache, ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { onBoardEvent } from '../../../lib/live-start';
import { appendTasksToList, onTaskRemoved, replaceListTasks, settleListCount } from '../../task';
import { TaskCardFragment } from '../components/TaskCard';
import { plannerTaskList, PlannerTaskEndQuery, PlannerTaskIdsQuery, PlannerTasksPageQuery, type PlannerScope } from '../planner.graphql';
import { readFirstPlannerPage } from './first-page';
import type { PlannerTask } from '../planner-model';
import { readPlannerList, watchPlannerList, type PlannerList } from './planner-list';

const EMPTY: PlannerTask[] = [];

/**
 * Reads the planner's list of `scope` page by page (PlannerTasksPageQuery, past the cache) into `collected`,
 * starting after the cursor `after` (null: from the start) and following each page's end cursor, until
 * the server has no next page. Returns true when it got there, false when stopped (`cancelled()`).
 *
 * The cursors are keyset positions (the last task's creation time and id, api/graphql/connection.ts),
 * so the list changing while this runs moves nothing: a task created since is newer than every
 * position (the live stream adds it), a deleted one is simply not read, and no task is skipped or
 * read twice.
 */
async function readPages(
  client: ApolloClient,
  scope: PlannerScope,
  after: string | null,
  collected: Map<string, PlannerTask>,
  cancelled: () => boolean,
): Promise<boolean> {
  let cursor = after;
  for (let guard = 0; guard < 10_000; guard++) {
    if (cancelled()) return false;
    const { data } = await client.query({ query: PlannerTasksPageQuery, variables: { scope, after: cursor }, fetchPolicy: 'no-cache' });
    if (!data || cancelled()) return false;
    for (const task of data.tasks.nodes) collected.set(task.id, task);
    const next = data.tasks.pageInfo.endCursor;
    if (!data.tasks.pageInfo.hasNextPage || !next) return true;
    cursor = next;
  }
  return false;
}

/** Where the cached first page (PlannerTasksQuery) ends: the later pages start there. */
const firstPageEnd = (client: ApolloClient, scope: PlannerScope): string | null =>
  client.cache.readQuery({ query: PlannerTaskEndQuery, variables: { scope } })?.tasks.pageInfo?.endCursor ?? null;

const cachedPlannerIds = (client: ApolloClient, scope: PlannerScope): string[] | null =>
  client.cache.readQuery({ query: PlannerTaskIdsQuery, variables: { scope } })?.tasks.nodes.map((t) => t.id) ?? null;

const writeTasks = (cache: ApolloCache, tasks: Iterable<PlannerTask>) => {
  for (const task of tasks)
    cache.writeFragment({ fragment: TaskCardFragment, fragmentName: 'TaskCard_task', data: { ...task, __typename: 'Task' } as typeof task });
};

/**
 * Reads the planner's list of `scope` past its first page and appends every task it does not hold yet to the
 * same cached list (PlannerTasksQuery), until the server has no next page. The pages are collected
 * first and written in one batch: every write makes Apollo re-read the watched list, so one write
 * instead of one per page saves most of the client's work. Tasks deleted while the pages were on their
 * way are not added back, and tasks the list already holds (the live stream may have added them) are
 * not overwritten with an older copy. Returns when done or when `cancelled()` says so.
 */
export async function loadRemainingTasks(client: ApolloClient, scope: PlannerScope, cancelled: () => boolean): Promise<void> {
  const isList = plannerTaskList(scope);
  const removed = new Set<string>();
  const stopListening = onTaskRemoved((id) => removed.add(id));
  const collected = new Map<string, PlannerTask>();
  try {
    const reachedEnd = await readPages(client, scope, firstPageEnd(client, scope), collected, cancelled);
    const held = new Set(cachedPlannerIds(client, scope) ?? []);
    const tasks = [...collected.values()].filter((t) => !held.has(t.id) && !removed.has(t.id));
    if (cancelled() || (tasks.length === 0 && !reachedEnd)) return;
    client.cache.batch({
      update(cache) {
        writeTasks(cache, tasks);
        if (tasks.length)
          appendTasksToList(
            cache,
            isList,
            tasks.map((t) => t.id),
          );
        // Read to its end: the list is whole, whatever the first page's count said (settleListCount).
        if (reachedEnd) settleListCount(cache, isList);
      },
    });
  } finally {
    stopListening();
  }
}

/**
 * Reads the planner's whole list of `scope` again, past the cache, and replaces the cached one in one write once
 * every page is in: after a REFETCH (the live log no longer reaches back, so the cached list may have
 * missed changes). Until then the board keeps showing the list it has, every task of it (a reload of
 * the first page alone replaced a list of thousands with its first hundred until the rest came back,
 * taking a card held mid-drag with it). The live stream keeps applying events meanwhile: a task it
 * changed or added since the reload began keeps the stream's copy, and one it removed stays out.
 * Returns false (and changes nothing) when cancelled or when the cache holds no planner list.
 */
export async function reloadPlannerTasks(client: ApolloClient, scope: PlannerScope, cancelled: () => boolean): Promise<boolean> {
  const touched = new Set<string>();
  const removed = new Set<string>();
  const stopEvents = onBoardEvent((_seq, event) => {
    if (event?.taskId) touched.add(event.taskId);
  });
  const stopRemovals = onTaskRemoved((id) => removed.add(id));
  try {
    // Pages of the API's limit from the start.
    const collected = new Map<string, PlannerTask>();
    const reachedEnd = await readPages(client, scope, null, collected, cancelled);
    const held = cachedPlannerIds(client, scope);
    if (!reachedEnd || !held || cancelled()) return false;
    // Tasks the stream added while the pages came in (the list is newest first: they lead).
    const addedLive = held.filter((id) => touched.has(id) && !collected.has(id) && !removed.has(id));
    const listed = [...collected.values()].filter((t) => !removed.has(t.id));
    client.cache.batch({
      update(cache) {
        // A task the stream touched has the stream's copy in the cache already (its event wrote it).
        writeTasks(
          cache,
          listed.filter((t) => !touched.has(t.id)),
        );
        replaceListTasks(cache, plannerTaskList(scope), [...addedLive, ...listed.map((t) => t.id)]);
      },
    });
    return true;
  } finally {
    stopEvents();
    stopRemovals();
  }
}

/**
 * The planner screen's one list (every view derives its lists from it): the tasks of `scope` (the
 * viewer's team's, or every task the viewer may read). The first page (PlannerTasksQuery) is read from the server unless the cache holds it; the
 * rest loads in the background into the same cached list (`complete` is false until then). The list
 * is watched in chunks (planner-list.ts), so a change to one task costs the screen a re-read of about
 * a hundred tasks, not of all of them. A REFETCH from the live stream (its log no longer reaches back)
 * reads the whole list again behind the one on screen (reloadPlannerTasks).
 */
export function usePlannerTasks(scope: PlannerScope) {
  const client = useApolloClient();
  const [list, setList] = useState<PlannerList | null>(() => {
    const now = readPlannerList(client.cache, scope);
    return now === 'incomplete' ? null : now;
  });
  const [request, setRequest] = useState<{ loading: boolean; error?: unknown }>({ loading: false });
  const [attempt, setAttempt] = useState(0);
  const [moreError, setMoreError] = useState<unknown>(undefined);
  const latestRequest = useRef(0); // only the answer of the latest request counts

  // Reads the first page from the server (which replaces the cached list; the loader then reads the rest).
  const fetchFirstPage = useCallback(() => {
    const id = ++latestRequest.current;
    setRequest({ loading: true });
    readFirstPlannerPage(client, scope).then(
      () => id === latestRequest.current && setRequest({ loading: false }),
      (error: unknown) => id === latestRequest.current && setRequest({ loading: false, error }),
    );
  }, [client, scope]);

  useEffect(() => {
    // Like a cache-first query: no list in the cache (first visit, the store reset at sign-in), or one
    // with fields missing, is read from the server; live updates keep a cached list current, so coming
    // back to the planner does not read it again. A store reset also cancels the request in flight:
    // that request no longer counts, and a new one starts once the reset is over.
    let scheduled: ReturnType<typeof setTimeout> | null = null;
    let reload = 0; // the REFETCH reload that counts (a store reset or a newer REFETCH cancels the others)
    const stop = watchPlannerList(client.cache, scope, (next) => {
      if (next !== null && next !== 'incomplete') {
        // The list arrived before the scheduled read went out (a read started at boot, planner-boot.ts).
        if (scheduled) clearTimeout(scheduled);
        scheduled = null;
        setList(next);
        return;
      }
      reload++;
      if (next === null) setList(null);
      if (scheduled) return;
      latestRequest.current++;
      scheduled = setTimeout(() => {
        scheduled = null;
        fetchFirstPage();
      }, 0);
    });
    // A REFETCH reads the whole list again behind the one on screen (reloadPlannerTasks); a list not
    // read to its end yet (or a reload that could not finish) starts over from the first page.
    const stopEvents = onBoardEvent((_seq, event) => {
      if (event?.kind !== 'REFETCH') return;
      const id = ++reload;
      const shown = readPlannerList(client.cache, scope);
      if (shown === null || shown === 'incomplete' || shown.tasks.length < shown.totalCount) {
        fetchFirstPage();
        return;
      }
      const cancelled = () => id !== reload;
      reloadPlannerTasks(client, scope, cancelled).then(
        (done) => !done && !cancelled() && fetchFirstPage(),
        () => !cancelled() && fetchFirstPage(),
      );
    });
    return () => {
      reload++;
      stop();
      stopEvents();
      if (scheduled) clearTimeout(scheduled);
    };
  }, [client, scope, fetchFirstPage]);

  const tasks = list?.tasks ?? EMPTY;
  const totalCount = list?.totalCount ?? 0;
  const needsMore = !!list && tasks.length < totalCount;

  // The lists' virtualizer is a chunk of its own (MasterList): fetch it alongside the tasks.
  useEffect(() => {
    void import('../components/VirtualRows');
  }, []);

  useEffect(() => {
    if (!needsMore) return;
    let cancelled = false;
    setMoreError(undefined);
    loadRemainingTasks(client, scope, () => cancelled).catch((e: unknown) => {
      if (!cancelled) setMoreError(e);
    });
    return () => {
      cancelled = true;
    };
  }, [client, scope, needsMore, attempt]);

  return {
    tasks,
    totalCount,
    /** Every task is loaded (false while later pages are on their way). */
    complete: !needsMore,
    /** A later page failed; `loadMore` tries again. */
    moreError: needsMore ? moreError : undefined,
    loadMore: () => setAttempt((a) => a + 1),
    loading: !list && !request.error,
    error: list ? undefined : request.error,
    refetch: fetchFirstPage,
  };
}
