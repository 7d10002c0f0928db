import {
  createSourceEventStream,
  execute,
  GraphQLObjectType,
  Kind,
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
import type { Actor } from '../common/actor.js';

/**
 * Fan-out without executing the same selection a thousand times. For each event the fan-out computes a
 * fingerprint of everything the viewer's rights change in the answer (the delivered kind, and whether
 * the viewer may change the task: Task.viewerCan). Subscribers whose operation, variables, time zone
 * and fingerprint are equal receive one shared execution result, provided the operation selects only
 * fields whose value cannot depend on who is asking: plain entity fields, or resolver-backed fields in
 * REVIEWED_RESOLVERS. Any other resolver-backed field (a new viewerCan, a field hiding data from some
 * viewers) makes the operation share per user only: adding a field can never leak across users.
 */

/** A board subscription's operation, as the fan-out executes it for each event. */
export interface BoardOperation {
  /** schema, document, variables and operation name (no root value, no context). */
  args: ExecutionArgs;
  /** The subscription's own context (time zone, app); each execution gets a copy pointed at the event's scope. */
  context: ServiceContext;
  /** Equal for subscribers whose equal rights give an equal answer: operation, variables, time zone. */
  key: string;
  /** Whether subscribers of different users may share a result (see isShareable). */
  shareable: boolean;
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
  const names = new Map<unknown, string>(storage.objectTypes.map((t) => [t.target, t.name]));
  const set = new Set<string>();
  for (const r of storage.fieldResolvers) {
    const target = (r.getObjectType?.() ?? r.resolverClassMetadata?.getObjectType?.() ?? r.target) as { name: string };
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

/** Marks a source stream whose items are already execution results (the board fan-out's subscribers). */
export const YIELDS_EXECUTION_RESULTS = Symbol('yieldsExecutionResults');

function yieldsResults(source: object): source is AsyncIterableIterator<ExecutionResult> {
  return (source as { [YIELDS_EXECUTION_RESULTS]?: boolean })[YIELDS_EXECUTION_RESULTS] === true;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as AsyncIterable<unknown>)?.[Symbol.asyncIterator] === 'function';
}

const operations = new WeakMap<object, BoardOperation>();

/** The board operation subscribeShared registered for this context (boardEventStream needs it). */
export function boardOperationOf(context: object): BoardOperation | null {
  return operations.get(context) ?? null;
}

/**
 * The variables that can change an answer: all but the one passed only as the root field's `since`
 * (where a subscriber's stream starts does not change what an event looks like, and subscribers who
 * started at different points still share their results).
 */
function answerVariables(document: DocumentNode, variables: ExecutionArgs['variableValues']): Record<string, unknown> {
  const values = { ...(variables ?? {}) };
  let sinceVariable: string | null = null;
  const uses = new Map<string, number>();
  visit(document, {
    Argument(node, _key, _parent, _path, ancestors) {
      const field = ancestors.at(-1) as { kind?: string } | undefined;
      const depth = ancestors.filter((a) => (a as { kind?: string }).kind === Kind.FIELD).length;
      if (node.name.value === 'since' && node.value.kind === Kind.VARIABLE && field?.kind === Kind.FIELD && depth === 1) sinceVariable = node.value.name.value;
    },
    Variable(node, _key, parent) {
      if ((parent as { kind?: string } | undefined)?.kind === Kind.VARIABLE_DEFINITION) return;
      uses.set(node.name.value, (uses.get(node.name.value) ?? 0) + 1);
    },
  });
  if (sinceVariable !== null && uses.get(sinceVariable) === 1) delete values[sinceVariable];
  return values;
}

/** What a subscriber's results are keyed by in the fan-out, before the viewer's rights are added. */
function describeOperation(args: ExecutionArgs): BoardOperation {
  const context = args.contextValue as ServiceContext;
  const { schema, document, variableValues, operationName } = args;
  const key = `${operationName ?? ''}\u0000${JSON.stringify(answerVariables(document, variableValues))}\u0000${documentKey(document)}\u0000${context.timeZone}`;
  return { args: { schema, document, variableValues, operationName }, context, key, shareable: isShareable(schema, document) };
}

/** The result key of one subscriber for one event: equal keys mean an equal answer. */
export function resultKey(operation: BoardOperation, fingerprint: string, userId: string): string {
  return `${operation.key}\u0000${operation.shareable ? fingerprint : `user:${userId}`}`;
}

/**
 * Runs a board operation for one event with the rights of `actor`, reading through the event's
 * forked EntityManager and loaders: the subscription's context is copied, never repointed, so no
 * socket holds on to an event's EntityManager.
 */
export function executeBoardOperation(
  operation: BoardOperation,
  rootValue: unknown,
  scope: { em: ServiceContext['em']; loaders: ServiceContext['loaders'] },
  actor: Actor,
): Promise<ExecutionResult> {
  const contextValue: ServiceContext = { ...operation.context, em: scope.em, loaders: scope.loaders, actor };
  return Promise.resolve(execute({ ...operation.args, rootValue, contextValue }));
}

/**
 * graphql-ws's `subscribe`. Board subscriptions (boardEvents) are executed by the fan-out, once per
 * viewer class per event (see above): their stream already yields execution results, or, on a socket
 * bound by socket.ts, writes them itself and only ends. Other subscriptions execute as usual.
 */
export async function subscribeShared(args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  if (args.contextValue && typeof args.contextValue === 'object') operations.set(args.contextValue, describeOperation(args));
  const source = await createSourceEventStream(args);
  if (!isAsyncIterable(source)) return source as ExecutionResult;
  if (yieldsResults(source)) return source;
  const it = source[Symbol.asyncIterator]();
  const self: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      const r = await it.next();
      if (r.done) return { done: true, value: undefined };
      return { done: false, value: await execute({ ...args, rootValue: r.value }) };
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
