import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@apollo/client/react';
import { onBoardEvent } from '../../../lib/live-start';
import { ListingTasksQuery } from '../listing.graphql';
import { stillMatches, toFilter, type ListingState } from '../listing-model';
import type { ListingRow_TaskFragment } from '../../../gql/graphql';
import { LIMITS } from '../../../../schema/domain/task-rules';

const PAGE = 50;
/** A burst of changes elsewhere costs one refetch of a filtered listing. */
const LIVE_REFETCH_MS = 300;
const EMPTY: ListingRow_TaskFragment[] = [];

/**
 * The listing's one query: filtered, sorted and paged on the server. `loadMore` appends the next page
 * (infinite scroll). Rows come from the normalised cache, so a change pushed live updates its row,
 * and a task that stops matching the filters leaves the list (and the count) at once.
 */
export function useListingTasks(state: ListingState) {
  const variables = useMemo(
    () => ({ filter: toFilter(state), first: PAGE, sortBy: state.sort, sortOrder: state.order, withSpent: state.cols.includes('timeSpent') }),
    [state],
  );
  const { data, previousData, loading, error, fetchMore, refetch } = useQuery(ListingTasksQuery, { variables, notifyOnNetworkStatusChange: true });
  const shown = data ?? (loading ? previousData : undefined);
  const all = (shown?.tasks.nodes as ListingRow_TaskFragment[] | undefined) ?? EMPTY;
  const tasks = useMemo(() => all.filter((t) => stillMatches(t, state)), [all, state]);
  const totalCount = Math.max(0, (shown?.tasks.totalCount ?? 0) - (all.length - tasks.length));
  const hasMore = !!shown?.tasks.pageInfo.hasNextPage;
  const endCursor = shown?.tasks.pageInfo.endCursor ?? null;

  const loadMore = useCallback(() => {
    if (!hasMore || loading || !endCursor) return;
    void fetchMore({
      variables: { after: endCursor },
      updateQuery: (prev, { fetchMoreResult }) => {
        if (!fetchMoreResult) return prev;
        const seen = new Set(prev.tasks.nodes.map((n) => (n as { id: string }).id));
        return {
          tasks: {
            ...fetchMoreResult.tasks,
            nodes: [...prev.tasks.nodes, ...fetchMoreResult.tasks.nodes.filter((n) => !seen.has((n as { id: string }).id))],
          },
        };
      },
    });
  }, [hasMore, loading, endCursor, fetchMore]);

  // A filtered listing cannot tell from the cache whether a task created (or changed) elsewhere now
  // matches: the server decides, by reading the loaded rows again (as many as are loaded, up to the
  // API's page limit, so a person who scrolled or stepped past the first page keeps their place).
  // Unfiltered lists get new tasks from the cache (addTaskToLists), and loaded rows update in place,
  // so those events need no refetch.
  const filtered = Object.values(variables.filter).some((value) => value !== undefined && value !== null && value !== '');
  const loadedIds = useRef(new Set<string>());
  loadedIds.current = new Set(all.map((t) => t.id));
  const refetchLatest = useRef(refetch);
  refetchLatest.current = refetch;
  useEffect(() => {
    if (!filtered) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = onBoardEvent((_seq, event) => {
      if (!event || timer) return;
      const mayNowMatch =
        event.kind === 'TASK_CREATED' || ((event.kind === 'TASK_UPDATED' || event.kind === 'TASK_MOVED') && !loadedIds.current.has(event.taskId));
      if (!mayNowMatch) return;
      timer = setTimeout(() => {
        timer = null;
        const rows = Math.min(LIMITS.pageMax, Math.max(PAGE, loadedIds.current.size));
        void refetchLatest.current({ first: rows }).catch(() => undefined);
      }, LIVE_REFETCH_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [filtered, variables]);

  return { tasks, totalCount, hasMore, loadMore, loading: loading && !shown, fetching: loading, error: shown ? undefined : error, refetch };
}
