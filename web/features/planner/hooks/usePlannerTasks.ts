import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { onBoardEvent } from '../../../lib/live-start';
import { appendTasksToList, onTaskRemoved, settleListCount } from '../../task/hooks/task-cache';
import { TaskCardFragment } from '../components/TaskCard';
import { isPlannerTaskList, PLANNER_PAGE_SIZE, PlannerTaskIdsQuery, PlannerTasksPageQuery, PlannerTasksQuery } from '../planner.graphql';
import type { PlannerTask } from '../planner-model';
import { readPlannerList, watchPlannerList, type PlannerList } from './planner-list';

const EMPTY: PlannerTask[] = [];

/** Each later page starts this many tasks before the end of the list read so far (see loadRemainingTasks). */
const OVERLAP = 20;

/**
 * The `after` cursor that starts a page at `offset` (the API's cursors are the position in the
 * requested order, api/graphql/connection.ts: `after` the item at offset - 1).
 */
function cursorBefore(offset: number): string | null {
  if (offset <= 0) return null;
  return btoa(`o:${offset - 1}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Reads the planner's list past its first page and appends every task it does not hold yet to the
 * same cached list (PlannerTasksQuery), until the server has no next page. The pages are collected
 * first and written in one batch: every write makes Apollo re-read the whole watched list (thousands
 * of tasks), so one write instead of one per page saves most of the client's work.
 *
 * The list keeps changing while this runs (live events add and remove tasks, a refetch replaces it),
 * so each page is placed by content, not by arithmetic: it starts OVERLAP tasks before the end of
 * what is known so far, and it joins only if its first task is one already known (so nothing between
 * the two was skipped); otherwise the next request steps back a page. Tasks deleted while the pages
 * were on their way are not added back, and tasks the list already holds (the live stream may have
 * added them) are not overwritten with an older copy. Returns when done or when `cancelled()` says so.
 */
export async function loadRemainingTasks(client: ApolloClient, cancelled: () => boolean): Promise<void> {
  const removed = new Set<string>();
  const stopListening = onTaskRemoved((id) => removed.add(id));
  const cachedIds = (): string[] | null => client.cache.readQuery({ query: PlannerTaskIdsQuery })?.tasks.nodes.map((t) => t.id) ?? null;
  const collected = new Map<string, PlannerTask>();
  try {
    let reachedEnd = false; // the server said there is no next page
    let skip = 0; // a page that brought nothing new: the next one starts further on
    let stepBack = 0; // a page that did not join: the next one starts a page earlier
    for (let guard = 0; guard < 1000; guard++) {
      const before = cachedIds();
      if (!before || cancelled()) return;
      const knownCount = new Set([...before, ...collected.keys()]).size;
      const offset = Math.max(0, knownCount - OVERLAP - stepBack * (PLANNER_PAGE_SIZE - OVERLAP)) + skip;
      const { data } = await client.query({ query: PlannerTasksPageQuery, variables: { after: cursorBefore(offset) }, fetchPolicy: 'no-cache' });
      const now = cachedIds();
      if (!data || !now || cancelled()) return;
      const known = new Set([...now, ...collected.keys()]);
      const page = data.tasks.nodes;
      const joins = offset === 0 || page.length === 0 || known.has(page[0].id) || removed.has(page[0].id);
      if (!joins && stepBack < 3) {
        stepBack++;
        skip = 0;
        continue;
      }
      stepBack = 0;
      const fresh = page.filter((t) => !known.has(t.id));
      for (const task of fresh) collected.set(task.id, task);
      skip = fresh.length > 0 ? 0 : skip + PLANNER_PAGE_SIZE - OVERLAP;
      if (!data.tasks.pageInfo.hasNextPage) {
        reachedEnd = true;
        break;
      }
    }
    const held = new Set(cachedIds() ?? []);
    const tasks = [...collected.values()].filter((t) => !held.has(t.id) && !removed.has(t.id));
    if (cancelled() || (tasks.length === 0 && !reachedEnd)) return;
    client.cache.batch({
      update(cache) {
        for (const task of tasks) cache.writeFragment({ fragment: TaskCardFragment, fragmentName: 'TaskCard_task', data: { ...task, __typename: 'Task' } as typeof task });
        if (tasks.length) appendTasksToList(cache, isPlannerTaskList, tasks.map((t) => t.id));
        // Read to its end: the list is whole, whatever the first page's count said (settleListCount).
        if (reachedEnd) settleListCount(cache, isPlannerTaskList);
      },
    });
  } finally {
    stopListening();
  }
}

/**
 * The planner screen's one list (every view derives its lists from it): every task the viewer may
 * read. The first page (PlannerTasksQuery) is read from the server unless the cache holds it; the
 * rest loads in the background into the same cached list (`complete` is false until then). The list
 * is watched in chunks (planner-list.ts), so a change to one task costs the screen a re-read of about
 * a hundred tasks, not of all of them. A REFETCH from the live stream (its log no longer reaches back)
 * reads the first page again.
 */
export function usePlannerTasks() {
  const client = useApolloClient();
  const [list, setList] = useState<PlannerList | null>(() => {
    const now = readPlannerList(client.cache);
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
    client.query({ query: PlannerTasksQuery, fetchPolicy: 'network-only' }).then(
      () => id === latestRequest.current && setRequest({ loading: false }),
      (error: unknown) => id === latestRequest.current && setRequest({ loading: false, error }),
    );
  }, [client]);

  useEffect(() => {
    // Like a cache-first query: no list in the cache (first visit, the store reset at sign-in), or one
    // with fields missing, is read from the server; live updates keep a cached list current, so coming
    // back to the planner does not read it again. A store reset also cancels the request in flight:
    // that request no longer counts, and a new one starts once the reset is over.
    let scheduled: ReturnType<typeof setTimeout> | null = null;
    const stop = watchPlannerList(client.cache, (next) => {
      if (next !== null && next !== 'incomplete') {
        setList(next);
        return;
      }
      if (next === null) setList(null);
      if (scheduled) return;
      latestRequest.current++;
      scheduled = setTimeout(() => {
        scheduled = null;
        fetchFirstPage();
      }, 0);
    });
    const stopEvents = onBoardEvent((_seq, event) => {
      if (event?.kind === 'REFETCH') fetchFirstPage();
    });
    return () => {
      stop();
      stopEvents();
      if (scheduled) clearTimeout(scheduled);
    };
  }, [client, fetchFirstPage]);

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
    loadRemainingTasks(client, () => cancelled).catch((e: unknown) => {
      if (!cancelled) setMoreError(e);
    });
    return () => {
      cancelled = true;
    };
  }, [client, needsMore, attempt]);

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
