import type { ApolloCache, Cache, Reference, TypedDocumentNode } from '@apollo/client';
import type { DocumentNode, FieldNode, OperationDefinitionNode } from 'graphql';
import type { PlannerTasksQuery as PlannerTasksData } from '../../../gql/graphql';
import { PlannerTasksQuery, type PlannerScope } from '../planner.graphql';
import type { PlannerTask } from '../planner-model';

/*
 * The planner's list, watched in chunks. Every cache write that touches a task the screen shows makes
 * Apollo read the watched result again; read as one flat list of thousands of tasks, that is a walk
 * over every task (and an ObservableQuery then compares the optimistic and the plain result field by
 * field), three times per drop. Here the stored list (`tasks(first: 100 ...) { nodes }`, written by the
 * query, the page loader and the live stream exactly as before) is read through a client-side field,
 * `chunks`, that groups the same references into runs of about CHUNK_EVERY tasks. Apollo memoizes the
 * read of each chunk, so after one task changes it re-reads that task's chunk and reuses the others:
 * about N / 64 + 64 steps instead of N. The screen watches this with one `cache.watch` (no
 * ObservableQuery), whose own comparison stops at the unchanged chunks (same objects).
 */

/** About one task in CHUNK_EVERY ends a chunk (by its id, so chunks stay put when tasks are added or removed); no chunk holds more than CHUNK_MAX. */
const CHUNK_EVERY = 64;
const CHUNK_MAX = 256;

/** A run of the list's task references (client-side only: never stored, never sent). */
export interface TaskChunk {
  __typename: 'TaskChunk';
  nodes: readonly Reference[];
}

/** True when the task with this cache id ends a chunk: a hash of the id, so the place of a boundary depends on that task only. */
function endsChunk(ref: string): boolean {
  let hash = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < ref.length; i++) hash = Math.imul(hash ^ ref.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % CHUNK_EVERY === 0;
}

const chunksOfList = new WeakMap<readonly Reference[], readonly TaskChunk[]>();
/** The chunks of the last list chunked, by their first task: reused when a new list has the same run. */
let lastChunks = new Map<string, TaskChunk>();

const sameRun = (chunk: TaskChunk, nodes: readonly Reference[], start: number, end: number): boolean =>
  chunk.nodes.length === end - start && chunk.nodes.every((ref, i) => ref.__ref === nodes[start + i].__ref);

/**
 * The list's references in chunks. The same list gives the same array; a changed list (a page appended,
 * a task added or removed) reuses every chunk whose run of tasks did not change, so Apollo's memoized
 * reads of those chunks stay valid.
 */
export function chunkTaskRefs(nodes: readonly Reference[]): readonly TaskChunk[] {
  const known = chunksOfList.get(nodes);
  if (known) return known;
  const chunks: TaskChunk[] = [];
  const byFirst = new Map<string, TaskChunk>();
  let start = 0;
  const close = (end: number) => {
    const first = nodes[start].__ref;
    const previous = lastChunks.get(first);
    const chunk = previous && sameRun(previous, nodes, start, end) ? previous : { __typename: 'TaskChunk' as const, nodes: nodes.slice(start, end) };
    chunks.push(chunk);
    byFirst.set(first, chunk);
    start = end;
  };
  for (let i = 0; i < nodes.length; i++) if (i + 1 - start >= CHUNK_MAX || endsChunk(nodes[i].__ref)) close(i + 1);
  if (start < nodes.length) close(nodes.length);
  lastChunks = byFirst;
  chunksOfList.set(nodes, chunks);
  return chunks;
}

/** The `chunks` field of a task connection: its stored `nodes`, chunked (registered on the cache by watchPlannerList). */
const chunkPolicy = {
  TaskConnection: {
    fields: {
      chunks: {
        read(_existing: unknown, { readField }: { readField<T>(field: string): T | undefined }) {
          const nodes = readField<readonly Reference[]>('nodes');
          return nodes ? chunkTaskRefs(nodes) : undefined;
        },
      },
    },
  },
};

/** What the chunked watch reads: PlannerTasksQuery with `nodes { ... }` read as `chunks { nodes { ... } }`. */
export type PlannerChunksData = {
  tasks: Omit<PlannerTasksData['tasks'], 'nodes'> & { chunks: { nodes: PlannerTask[] }[] };
};

/** PlannerTasksQuery's document with the connection's `nodes` selection moved under `chunks` (same fields, same cache key). */
function chunkedDocument(document: DocumentNode): TypedDocumentNode<PlannerChunksData> {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  const tasks = operation?.selectionSet.selections.find((s): s is FieldNode => s.kind === 'Field' && s.name.value === 'tasks');
  const nodes = tasks?.selectionSet?.selections.find((s): s is FieldNode => s.kind === 'Field' && s.name.value === 'nodes');
  if (!operation || !tasks?.selectionSet || !nodes?.selectionSet) throw new Error('PlannerTasksQuery has no tasks { nodes } selection');
  const chunks: FieldNode = {
    ...nodes,
    alias: undefined,
    name: { ...nodes.name, value: 'chunks' },
    selectionSet: { ...nodes.selectionSet, selections: [nodes] },
  };
  const chunkedTasks: FieldNode = {
    ...tasks,
    selectionSet: { ...tasks.selectionSet, selections: tasks.selectionSet.selections.map((s) => (s === nodes ? chunks : s)) },
  };
  const chunkedOperation: OperationDefinitionNode = {
    ...operation,
    name: operation.name && { ...operation.name, value: `${operation.name.value}Chunks` },
    selectionSet: { ...operation.selectionSet, selections: operation.selectionSet.selections.map((s) => (s === tasks ? chunkedTasks : s)) },
  };
  return { ...document, definitions: document.definitions.map((d) => (d === operation ? chunkedOperation : d)) } as TypedDocumentNode<PlannerChunksData>;
}

const plannerChunksQuery = chunkedDocument(PlannerTasksQuery);
const preparedCaches = new WeakMap<ApolloCache, TypedDocumentNode<PlannerChunksData>>();

/** The chunked document as this cache reads it (typenames added), registering the `chunks` field once per cache. */
function documentFor(cache: ApolloCache): TypedDocumentNode<PlannerChunksData> {
  let document = preparedCaches.get(cache);
  if (!document) {
    (cache as ApolloCache & { policies?: { addTypePolicies(policies: object): void } }).policies?.addTypePolicies(chunkPolicy);
    document = cache.transformDocument(plannerChunksQuery) as TypedDocumentNode<PlannerChunksData>;
    preparedCaches.set(cache, document);
  }
  return document;
}

/** The planner's cached list, flat: every task in list order, and the server's count. */
export interface PlannerList {
  tasks: PlannerTask[];
  totalCount: number;
}

const flatLists = new WeakMap<readonly { nodes: PlannerTask[] }[], PlannerList>();

/**
 * The list a read of the chunked document gives: `null` when the cache holds no planner list,
 * `'incomplete'` when it holds one with fields missing (the screen reads it again from the server).
 */
function listOf(diff: Cache.DiffResult<PlannerChunksData>): PlannerList | null | 'incomplete' {
  const tasks = (diff.result as Partial<PlannerChunksData> | null | undefined)?.tasks;
  if (!tasks?.chunks) return null;
  if (!diff.complete) return 'incomplete';
  // The same read gives the same object (so a screen that already shows it does not render again).
  const known = flatLists.get(tasks.chunks);
  if (known?.totalCount === tasks.totalCount) return known;
  const list = { tasks: known?.tasks ?? tasks.chunks.flatMap((c) => c.nodes), totalCount: tasks.totalCount };
  flatLists.set(tasks.chunks, list);
  return list;
}

/** The planner's list of `scope` as the cache holds it now (optimistic writes included). */
export function readPlannerList(cache: ApolloCache, scope: PlannerScope): PlannerList | null | 'incomplete' {
  return listOf(cache.diff({ query: documentFor(cache), variables: { scope }, optimistic: true, returnPartialData: true }));
}

/** Calls `onChange` with the planner's list of `scope` now and after every change of it (see readPlannerList); returns the unsubscribe. */
export function watchPlannerList(cache: ApolloCache, scope: PlannerScope, onChange: (list: PlannerList | null | 'incomplete') => void): () => void {
  return cache.watch<PlannerChunksData>({
    query: documentFor(cache),
    variables: { scope },
    optimistic: true,
    returnPartialData: true,
    immediate: true,
    callback: (diff) => onChange(listOf(diff)),
  });
}
