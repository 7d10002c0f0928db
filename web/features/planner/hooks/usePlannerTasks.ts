import { useQuery } from '@apollo/client/react';
import { PlannerTasksQuery } from '../planner.graphql';
import type { PlannerTask } from '../planner-model';

const EMPTY: PlannerTask[] = [];

/** The planner screen's one query (every view derives its lists from it). */
export function usePlannerTasks() {
  const { data, loading, error, refetch } = useQuery(PlannerTasksQuery);
  return { tasks: data?.tasks.nodes ?? EMPTY, totalCount: data?.tasks.totalCount ?? 0, loading: loading && !data, error: data ? undefined : error, refetch };
}
