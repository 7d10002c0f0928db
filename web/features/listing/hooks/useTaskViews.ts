import { useCallback } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import type { ListingView_ViewFragment, TaskViewInput } from '../../../gql/graphql';
import { CreateTaskViewMutation, DeleteTaskViewMutation, ListingViewsQuery, ShareTaskViewMutation, UpdateTaskViewMutation } from '../listing.graphql';
import type { ListingState } from '../listing-model';

const EMPTY: ListingView_ViewFragment[] = [];

/** A saved view's fields from the listing's state (single-select filters become lists of one). */
export function viewInputOf(state: ListingState): TaskViewInput {
  const one = (value: string) => (value ? [value] : []);
  return {
    filters: {
      projects: one(state.project),
      statuses: one(state.status),
      tags: one(state.tag),
      assignees: one(state.assignee),
      categories: one(state.category),
      priorities: one(state.priority),
      search: state.q.trim() || null,
      dateRange: state.from || state.to ? { start: state.from || null, end: state.to || null } : null,
      timeSpent: state.spent || null,
    },
    columns: state.cols,
    sortBy: state.sort,
    sortOrder: state.order,
  };
}

/** The listing's state a saved view opens (its filters, columns and sort). */
export function stateOfView(view: ListingView_ViewFragment): Partial<ListingState> {
  const f = view.filters;
  return {
    view: view.id,
    q: f.search ?? '',
    project: f.projects[0] ?? '',
    status: f.statuses[0] ?? '',
    tag: f.tags[0] ?? '',
    assignee: f.assignees[0] ?? '',
    category: f.categories[0] ?? '',
    priority: f.priorities[0] ?? '',
    from: f.dateRange?.start?.slice(0, 10) ?? '',
    to: f.dateRange?.end?.slice(0, 10) ?? '',
    spent: f.timeSpent ?? '',
    sort: view.sortBy as ListingState['sort'],
    order: view.sortOrder === 'asc' ? 'asc' : 'desc',
    cols: view.columns.length ? view.columns : undefined,
  };
}

/** Saved views (own, public, shared) and their changes, with their toasts ('View created', 'View shared'). */
export function useTaskViews() {
  const { toast } = useToast();
  const { data, loading, error } = useQuery(ListingViewsQuery);
  const refetchQueries = ['ListingViews'];
  const [create, creating] = useMutation(CreateTaskViewMutation, { refetchQueries });
  const [update] = useMutation(UpdateTaskViewMutation);
  const [share, sharing] = useMutation(ShareTaskViewMutation);
  const [remove] = useMutation(DeleteTaskViewMutation, { refetchQueries });

  const fail = useCallback(
    (err: unknown, fallback: string) => toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' }),
    [toast],
  );

  const createView = useCallback(
    async (name: string, state: ListingState): Promise<ListingView_ViewFragment | null> => {
      try {
        const res = await create({ variables: { input: { name, ...viewInputOf(state) } } });
        toast({ title: 'View created' });
        return res.data?.createTaskView ?? null;
      } catch (err) {
        fail(err, 'Failed to create view');
        return null;
      }
    },
    [create, toast, fail],
  );

  const renameView = useCallback(
    async (id: string, name: string): Promise<boolean> => {
      try {
        await update({ variables: { id, input: { name } } });
        toast({ title: 'View renamed' });
        return true;
      } catch (err) {
        fail(err, 'Failed to rename view');
        return false;
      }
    },
    [update, toast, fail],
  );

  const shareView = useCallback(
    async (id: string, isPublic: boolean, sharedWith: string[]): Promise<boolean> => {
      try {
        await share({ variables: { id, input: { isPublic, sharedWith } } });
        toast({ title: 'View shared' });
        return true;
      } catch (err) {
        fail(err, 'Failed to share view');
        return false;
      }
    },
    [share, toast, fail],
  );

  const deleteView = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await remove({ variables: { id } });
        toast({ title: 'View deleted' });
        return true;
      } catch (err) {
        fail(err, 'Failed to delete view');
        return false;
      }
    },
    [remove, toast, fail],
  );

  return {
    views: data?.taskViews ?? EMPTY,
    loading,
    error,
    createView,
    renameView,
    shareView,
    deleteView,
    creating: creating.loading,
    sharing: sharing.loading,
  };
}
