import { useCallback, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { ListingTasksQuery } from '../listing.graphql';
import { stillMatches, toFilter, type ListingState } from '../listing-model';
import type { ListingRow_TaskFragment } from '../../../gql/graphql';

const PAGE = 50;
const EMPTY: ListingRow_TaskFragment[] = [];

/**
 * The listing's one query: filtered, sorted and paged on the server. `loadMore` appends the next page
 * (infinite scroll). Rows come from the normalised cache, so a change pushed live updates its row,
 * and a task that stops matching the filters leaves the list (and the count) at once.
 */
export function useListingTasks(state: ListingState) {
  const variables = useMemo(() => ({ filter: toFilter(state), first: PAGE, sortBy: state.sort, sortOrder: state.order }), [state]);
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

  return { tasks, totalCount, hasMore, loadMore, loading: loading && !shown, fetching: loading, error: shown ? undefined : error, refetch };
}
