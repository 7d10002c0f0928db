import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import type { ActivityEntry_EntryFragment, ActivityFilter } from '../../../gql/graphql';
import { ActivityLiveSubscription, ActivityTimelineQuery } from '../activity.graphql';
import { mergeDayCounts } from '../activity-days';

const PAGE = 50;
const EMPTY: ActivityEntry_EntryFragment[] = [];

/**
 * The timeline's one query with infinite scroll (`loadMore`), and live: when a change is pushed, the
 * newest page is read again and entries not shown yet go on top (what is already loaded stays).
 */
export function useActivityTimeline(filter: ActivityFilter) {
  const client = useApolloClient();
  const variables = useMemo(() => ({ filter, first: PAGE }), [filter]);
  const { data, previousData, loading, error, fetchMore, refetch, updateQuery } = useQuery(ActivityTimelineQuery, {
    variables,
    notifyOnNetworkStatusChange: true,
  });
  const shown = data ?? (loading ? previousData : undefined);
  const entries = (shown?.activity.nodes as ActivityEntry_EntryFragment[] | undefined) ?? EMPTY;
  const days = shown?.activity.days;
  const dayCounts = useMemo(() => new Map((days ?? []).map((d) => [d.date, d.count])), [days]);
  const hasMore = !!shown?.activity.pageInfo.hasNextPage;
  const endCursor = shown?.activity.pageInfo.endCursor ?? null;

  const loadMore = useCallback(() => {
    if (!hasMore || loading || !endCursor) return;
    void fetchMore({
      variables: { after: endCursor },
      updateQuery: (prev, { fetchMoreResult }) => {
        if (!fetchMoreResult) return prev;
        const seen = new Set(prev.activity.nodes.map((n) => n.id));
        return { activity: { ...fetchMoreResult.activity, nodes: [...prev.activity.nodes, ...fetchMoreResult.activity.nodes.filter((n) => !seen.has(n.id))] } };
      },
    });
  }, [hasMore, loading, endCursor, fetchMore]);

  /** Reads the newest page again and puts the entries not shown yet on top. */
  const busy = useRef(false);
  const again = useRef(false);
  const refreshHead = useCallback(async () => {
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    try {
      do {
        again.current = false;
        const head = await client.query({ query: ActivityTimelineQuery, variables: { filter, first: PAGE }, fetchPolicy: 'network-only' });
        const fresh = head.data?.activity;
        if (!fresh) break;
        updateQuery((_partial, options) => {
          if (!options.complete) return { activity: fresh };
          const prev = options.previousData;
          const seen = new Set(prev.activity.nodes.map((n) => n.id));
          const added = fresh.nodes.filter((n) => !seen.has(n.id));
          // The newest page counts only the days it reaches: older days loaded by scrolling keep their counts.
          return {
            activity: {
              ...prev.activity,
              totalCount: fresh.totalCount,
              days: mergeDayCounts(prev.activity.days, fresh.days),
              nodes: [...added, ...prev.activity.nodes],
            },
          };
        });
      } while (again.current);
    } catch {
      // A failed refresh leaves the timeline as it is; the next change tries again.
    } finally {
      busy.current = false;
    }
  }, [client, filter, updateQuery]);

  useSubscription(ActivityLiveSubscription, { onData: () => void refreshHead() });
  useEffect(() => () => void (again.current = false), []);

  return {
    entries,
    totalCount: shown?.activity.totalCount ?? 0,
    /** Entries per day (yyyy-MM-dd) over everything the filter selects, from the server. */
    dayCounts,
    hasMore,
    loadMore,
    refreshHead,
    loading: loading && !shown,
    fetching: loading,
    error: shown ? undefined : error,
    refetch,
  };
}
