import {
  createSourceEventStream,
  execute,
  GraphQLObjectType,
  getNamedType,
  print,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import type { ServiceContext } from '../common/context.js';

/**
 * Fan-out without executing the same selection a thousand times. A board event's payload carries a
 * fingerprint of everything the viewer's rights change in the answer (the delivered kind, and whether
 * the viewer may change the task: Task.viewerCan). Subscribers whose operation, variables, time zone
 * and fingerprint are equal receive one shared execution result, provided the operation selects only
 * fields whose value cannot depend on who is asking: plain entity fields, or resolver-backed fields in
 * REVIEWED_RESOLVERS. Any other resolver-backed field (a new viewerCan, a field hiding data from some
 * viewers) makes the operation share per user only: adding a field can never leak across users.
 */
export const SHARED_EXECUTION = Symbol('sharedExecution');

export interface SharedExecution {
  /** Per-event results of this process, keyed by operation and viewer class. */
  results: Map<string, Promise<ExecutionResult>>;
  /** What the subscriber's rights change in the answer (equal fingerprint, equal answer). */
  fingerprint: string;
}

/** Object types whose plain (non-resolver) fields are the same for every viewer who may read them. */
const SHAREABLE_TYPES = new Set(['BoardEvent', 'Task', 'ViewerCan', 'SubtaskCount', 'Subtask', 'TaskComment', 'User']);

/**
 * Resolver-backed fields reviewed to depend only on the event's data, the viewer's time zone and the
 * fingerprint. Keep them that way, or take them out of this list.
 */
const REVIEWED_RESOLVERS = new Set([
  'BoardEvent.subtaskCount',
  'BoardEvent.commentCount',
  'Task.column', // time zone (part of the key)
  'Task.isOverdue', // time zone
  'Task.assignedTo',
  'Task.createdBy',
  'Task.subtaskCount',
  'Task.commentCount',
  'Task.viewerCan', // the fingerprint
]);

let resolverBacked: Set<string> | null = null;

/** "Type.field" of every field computed by code (type-graphql field resolvers and getters). */
function resolverBackedFields(): Set<string> {
  if (resolverBacked) return resolverBacked;
  const storage = getMetadataStorage();
  const names = new Map<Function, string>(storage.objectTypes.map((t) => [t.target, t.name]));
  const set = new Set<string>();
  for (const r of storage.fieldResolvers) {
    const target = (r.getObjectType?.() ?? r.resolverClassMetadata?.getObjectType?.() ?? r.target) as Function;
    set.add(`${names.get(target) ?? target.name}.${r.schemaName}`);
  }
  resolverBacked = set;
  return set;
}

const shareability = new WeakMap<DocumentNode, boolean>();

/** True when every selected field is the same for all viewers with an equal fingerprint. */
export function isShareable(schema: GraphQLSchema, document: DocumentNode): boolean {
  const known = shareability.get(document);
  if (known !== undefined) return known;
  const backed = resolverBackedFields();
  const typeInfo = new TypeInfo(schema);
  let shareable = true;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (node.name.value === '__typename') return;
        const parent = typeInfo.getParentType();
        const parentName = parent ? getNamedType(parent).name : '';
        if (parent instanceof GraphQLObjectType && parentName === schema.getSubscriptionType()?.name) return;
        const key = `${parentName}.${node.name.value}`;
        if (!SHAREABLE_TYPES.has(parentName) || (backed.has(key) && !REVIEWED_RESOLVERS.has(key))) shareable = false;
      },
    }),
  );
  shareability.set(document, shareable);
  return shareable;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as AsyncIterable<unknown>)?.[Symbol.asyncIterator] === 'function';
}

/**
 * graphql-ws's `subscribe`: graphql's own, except that board event payloads are executed once per
 * viewer class per event and process (see above). Other subscriptions execute as usual.
 */
export async function subscribeShared(args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!isAsyncIterable(source)) return source as ExecutionResult;
  const operationKey = `${args.operationName ?? ''}\u0000${JSON.stringify(args.variableValues ?? {})}\u0000${documentKey(args.document)}`;
  const shareable = isShareable(args.schema, args.document);
  const it = source[Symbol.asyncIterator]();
  const run = (payload: unknown): Promise<ExecutionResult> => Promise.resolve(execute({ ...args, rootValue: payload }));

  const self: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      const r = await it.next();
      if (r.done) return { done: true, value: undefined };
      const payload = r.value as { [SHARED_EXECUTION]?: SharedExecution };
      const shared = payload?.[SHARED_EXECUTION];
      if (!shared) return { done: false, value: await run(payload) };
      const ctx = args.contextValue as ServiceContext;
      const viewer = shareable ? shared.fingerprint : `user:${ctx.actor?.id ?? ''}`;
      const key = `${operationKey}\u0000${ctx.timeZone}\u0000${viewer}`;
      let result = shared.results.get(key);
      if (!result) {
        result = run(payload);
        shared.results.set(key, result);
      }
      return { done: false, value: await result };
    },
    async return() {
      await it.return?.();
      return { done: true, value: undefined };
    },
    async throw(err: unknown) {
      await it.return?.();
      throw err;
    },
    [Symbol.asyncIterator]: () => self,
  };
  return self;
}

const documentKeys = new WeakMap<DocumentNode, string>();
let nextDocumentKey = 0;
const keysBySource = new Map<string, string>();

/** A short stable key per query text (documents are parsed per subscription). */
function documentKey(document: DocumentNode): string {
  let key = documentKeys.get(document);
  if (key) return key;
  const source = document.loc?.source.body ?? print(document);
  key = keysBySource.get(source);
  if (!key) {
    key = `d${nextDocumentKey++}`;
    if (keysBySource.size > 10_000) keysBySource.clear();
    keysBySource.set(source, key);
  }
  documentKeys.set(document, key);
  return key;
}
