import { isReference, type ApolloCache, type Reference } from '@apollo/client';

type StoreObject = Record<string, unknown>;
interface Connection extends StoreObject {
  nodes?: readonly Reference[];
  edges?: readonly StoreObject[];
  totalCount?: number;
}

type ReadField = <T>(fieldName: string, from?: StoreObject | Reference) => T | undefined;

/**
 * Whether the cached tasks(...) list with this store key holds the task (already in the cache, `ref`):
 * true for a list without filters or search; for a list filtered by its scope alone (the planner's),
 * whether the task is in that scope as the server decides it: `everyone` holds every task, `mine` those
 * assigned to or created by the viewer, `team` also those of people whose manager the viewer is. Null
 * for any other filter, and for a scope when the viewer is unknown: such a list cannot be told here
 * (it is read again from the server instead).
 */
function listHolds(storeFieldName: string, ref: Reference, readField: ReadField, userRef: (id: string) => Reference | undefined): boolean | null {
  const open = storeFieldName.indexOf('(');
  if (open < 0) return true;
  let filter: Record<string, unknown> | null | undefined;
  try {
    filter = (JSON.parse(storeFieldName.slice(open + 1, -1)) as { filter?: Record<string, unknown> | null }).filter;
  } catch {
    return null;
  }
  const set = Object.entries(filter ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== '');
  if (set.length === 0) return true;
  if (set.length > 1 || set[0][0] !== 'scope') return null;
  const scope = set[0][1];
  if (scope === 'everyone') return true;
  const me = readField<Reference>('me');
  const viewerId = me && readField<string>('id', me);
  if (!viewerId || (scope !== 'mine' && scope !== 'team')) return null;
  // The person's manager from their cached User (the task fragments read `managerId` with every person).
  const person = (idField: string) => {
    const id = readField<string | null>(idField, ref);
    if (id === viewerId) return true;
    if (scope === 'mine' || !id) return false;
    const user = userRef(id);
    return !!user && readField<string | null>('managerId', user) === viewerId;
  };
  return person('assignedToId') || person('createdById');
}

/**
 * Puts a created, promoted, restored or changed task (already written to the cache) in every cached
 * task list that holds it (listHolds), so boards show it at once, and takes it out of a scope's list it
 * no longer belongs to (reassigned out of the team); lists with other filters are left as they are.
 */
export function addTaskToLists(cache: ApolloCache, task: { __typename?: 'Task'; id: string }): void {
  const id = cache.identify({ __typename: 'Task', id: task.id });
  if (!id) return;
  // A task back within a second of its removal (Undo, a restore pushed live) must not be evicted after all.
  cancelEviction(task.id);
  cache.modify<{ tasks: Connection }>({
    id: 'ROOT_QUERY',
    fields: {
      tasks(existing, { storeFieldName, toReference, readField }) {
        const conn = existing as Connection | undefined;
        if (!conn) return existing;
        const ref = toReference(id);
        if (!ref) return existing;
        const holds = listHolds(storeFieldName, ref, readField as ReadField, (userId) => toReference({ __typename: 'User', id: userId }));
        if (holds === null) return existing;
        // References compare by cache id: no field read per task of a list of thousands.
        const present =
          conn.nodes?.some((n) => (isReference(n) ? n.__ref === id : readField('id', n) === task.id)) ||
          conn.edges?.some((e) => readField('id', e.node as Reference) === task.id);
        if (!holds) return present && conn.nodes ? withoutTask(conn, id) : existing;
        if (present) return existing;
        return {
          ...conn,
          ...(conn.nodes ? { nodes: [ref, ...conn.nodes] } : {}),
          ...(conn.edges ? { edges: [{ __typename: 'TaskEdge', cursor: `new:${task.id}`, node: ref }, ...conn.edges] } : {}),
          ...(typeof conn.totalCount === 'number' ? { totalCount: conn.totalCount + 1 } : {}),
        };
      },
    },
  });
}

/** A list's nodes without the task with this cache id, one fewer counted. */
function withoutTask(conn: Connection, cacheId: string): Connection {
  const nodes = (conn.nodes ?? []).filter((n) => !isReference(n) || n.__ref !== cacheId);
  return { ...conn, nodes, ...(typeof conn.totalCount === 'number' ? { totalCount: Math.max(0, conn.totalCount - 1) } : {}) };
}

/** Removed tasks waiting to be evicted from the cache, by id (removeTaskFromCache). */
const pendingEvictions = new Map<string, ReturnType<typeof setTimeout>>();

function cancelEviction(taskId: string): void {
  const pending = pendingEvictions.get(taskId);
  if (pending === undefined) return;
  clearTimeout(pending);
  pendingEvictions.delete(taskId);
}

const removalListeners = new Set<(taskId: string) => void>();

/**
 * Calls `listener` with the id of every task removed from the lists from now on (a delete, a live
 * TASK_DELETED/TASK_REMOVED), so a list still being read page by page does not add it back.
 */
export function onTaskRemoved(listener: (taskId: string) => void): () => void {
  removalListeners.add(listener);
  return () => removalListeners.delete(listener);
}

/**
 * Appends tasks (already written to the cache) at the end of the one cached list `isList` picks,
 * skipping those it already holds; the list's totalCount stays (it already counts them).
 */
export function appendTasksToList(cache: ApolloCache, isList: (storeFieldName: string) => boolean, taskIds: readonly string[]): void {
  cache.modify<{ tasks: Connection }>({
    id: 'ROOT_QUERY',
    fields: {
      tasks(existing, { storeFieldName, toReference, readField }) {
        const conn = existing as Connection | undefined;
        if (!conn?.nodes || !isList(storeFieldName)) return existing;
        const present = new Set(conn.nodes.map((n) => readField<string>('id', n)));
        const added: Reference[] = [];
        for (const id of taskIds) {
          if (present.has(id)) continue;
          const ref = toReference({ __typename: 'Task', id });
          if (ref) added.push(ref);
          present.add(id);
        }
        return added.length ? { ...conn, nodes: [...conn.nodes, ...added] } : existing;
      },
    },
  });
}

/**
 * Replaces the tasks of the one cached list `isList` picks with `taskIds` (already written to the
 * cache), in that order, and sets its totalCount to their number: a list read again to its end.
 */
export function replaceListTasks(cache: ApolloCache, isList: (storeFieldName: string) => boolean, taskIds: readonly string[]): void {
  cache.modify<{ tasks: Connection }>({
    id: 'ROOT_QUERY',
    fields: {
      tasks(existing, { storeFieldName, toReference }) {
        const conn = existing as Connection | undefined;
        if (!conn?.nodes || !isList(storeFieldName)) return existing;
        const nodes = taskIds.map((id) => toReference({ __typename: 'Task', id })).filter((ref): ref is Reference => !!ref);
        return { ...conn, nodes, totalCount: nodes.length };
      },
    },
  });
}

/**
 * Sets the totalCount of the one cached list `isList` picks to the number of tasks it holds: for a list
 * that was read to its end. A page's rows and its count are two statements, so a task written between
 * them is counted but not listed (and then counted again when its live event adds it); without this the
 * count would stay one ahead of the list for good.
 */
export function settleListCount(cache: ApolloCache, isList: (storeFieldName: string) => boolean): void {
  cache.modify<{ tasks: Connection }>({
    id: 'ROOT_QUERY',
    fields: {
      tasks(existing, { storeFieldName }) {
        const conn = existing as Connection | undefined;
        if (!conn?.nodes || !isList(storeFieldName) || conn.totalCount === conn.nodes.length) return existing;
        return { ...conn, totalCount: conn.nodes.length };
      },
    },
  });
}

/** Removes a deleted task from every cached list, then (after open views have closed) from the cache. */
export function removeTaskFromCache(cache: ApolloCache, taskId: string): void {
  for (const listener of removalListeners) listener(taskId);
  cache.modify<{ tasks: Connection }>({
    id: 'ROOT_QUERY',
    fields: {
      tasks(existing, { readField }) {
        const conn = existing as Connection | undefined;
        if (!conn) return existing;
        const nodes = conn.nodes?.filter((n) => readField('id', n) !== taskId);
        const edges = conn.edges?.filter((e) => readField('id', e.node as Reference) !== taskId);
        const removed = (conn.nodes?.length ?? conn.edges?.length ?? 0) - (nodes?.length ?? edges?.length ?? 0);
        if (!removed) return existing;
        return {
          ...conn,
          ...(nodes ? { nodes } : {}),
          ...(edges ? { edges } : {}),
          ...(typeof conn.totalCount === 'number' ? { totalCount: Math.max(0, conn.totalCount - removed) } : {}),
        };
      },
    },
  });
  // Evicting at once would make a still-open details view refetch a task that no longer exists.
  cancelEviction(taskId);
  pendingEvictions.set(
    taskId,
    setTimeout(() => {
      pendingEvictions.delete(taskId);
      cache.evict({ id: cache.identify({ __typename: 'Task', id: taskId }) });
      cache.gc();
    }, 1000),
  );
}

/** Refetches the open task's activity log (if shown) after a change. */
export const ACTIVITY_REFETCH = ['TaskActivity'];
