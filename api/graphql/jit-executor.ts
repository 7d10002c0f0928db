import { execute, getOperationAST, GraphQLError, isScalarType, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';

/** Executions of one document before it is compiled (a document seen once is not worth compiling). */
const COMPILE_AFTER = 2;

interface DocumentPlan {
  runs: number;
  /** Compiled queries by operation name ('' for the only one); null when graphql-jit refused the document. */
  compiled: Map<string, CompiledQuery | null>;
}

/** ISO strings of instants already serialized (ms -> text), across requests: see isoString. */
const isoStrings = new Map<number, string>();
/** Instants remembered before the memo starts over (about 2 MB at most). */
const ISO_STRINGS_MAX = 16_384;

/**
 * The ISO string of a valid Date, remembered per instant. A board page serializes about three dates per
 * card, the same ones page after page (created, updated, scheduled), and toISOString costs about 0.4 µs
 * where a lookup costs a twentieth of that.
 */
function isoString(date: Date): string {
  const ms = date.getTime();
  let text = isoStrings.get(ms);
  if (text === undefined) {
    text = date.toISOString();
    if (isoStrings.size >= ISO_STRINGS_MAX) isoStrings.clear();
    isoStrings.set(ms, text);
  }
  return text;
}

/**
 * Serializers for the scalars a board page has by the thousand: a valid Date to its ISO string
 * directly (what graphql-scalars' DateTimeISO returns after checking it), anything else through the
 * scalar's own serialize (same result, same errors).
 */
function fastSerializers(schema: GraphQLSchema): Record<string, (value: unknown) => unknown> {
  const dateTime = schema.getType('DateTimeISO');
  if (!isScalarType(dateTime)) return {};
  return {
    DateTimeISO: (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? isoString(value) : dateTime.serialize(value)),
  };
}

/**
 * graphql-jit's field errors as graphql-js makes them: jit's own error type has no `extensions` object
 * (graphql's always has one) and Apollo's error formatting reads `extensions.code`, so an AppError thrown
 * by a resolver came out as "Internal server error" instead of its code. Same message, path, locations
 * and original error; a jit error of its own (a null in a non-null field) gets one, as in graphql-js,
 * so formatError masks and logs it the same way.
 */
function fieldErrorsAsGraphQL(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((e) => {
    if (e.extensions) return e;
    const error = new GraphQLError(e.message, { path: e.path, originalError: e.originalError ?? new Error(e.message) });
    if (e.locations) (error as { locations?: GraphQLError['locations'] }).locations = e.locations;
    return error;
  });
  return { ...result, errors };
}

/**
 * Executes GraphQL operations for Apollo Server: queries that are run again and again (the planner's
 * board page, every 500-card refetch) through graphql-jit, which compiles a document into one function
 * per operation instead of walking it field by field; mutations, and documents seen only once, through
 * graphql-js as before. Parsing, validation (graphql-armor's limits included), the context with its
 * actor, resolvers and formatError are Apollo's and ours, unchanged: only the walk over the fields
 * differs. Compiled queries hang off the parsed document (Apollo's document cache hands the same
 * DocumentNode out for the same query text), so they go when it is evicted.
 */
export function createJitExecutor(schema: GraphQLSchema): GatewayExecutor {
  const plans = new WeakMap<DocumentNode, DocumentPlan>();
  const options = { disablingCapturingStackErrors: true, customSerializers: fastSerializers(schema) };

  const compiledFor = (document: DocumentNode, operationName: string | null | undefined): CompiledQuery | null => {
    let plan = plans.get(document);
    if (!plan) plans.set(document, (plan = { runs: 0, compiled: new Map() }));
    if (++plan.runs < COMPILE_AFTER) return null;
    const key = operationName ?? '';
    if (!plan.compiled.has(key)) {
      let compiled: CompiledQuery | null = null;
      try {
        const result = compileQuery(schema, document, operationName ?? undefined, options);
        compiled = isCompiledQuery(result) ? result : null;
      } catch {
        compiled = null; // graphql-js runs what graphql-jit cannot compile
      }
      plan.compiled.set(key, compiled);
    }
    return plan.compiled.get(key) ?? null;
  };

  return async (requestContext) => {
    const { document, request, context } = requestContext;
    const operationName = request.operationName ?? null;
    const operation = requestContext.operation ?? getOperationAST(document, operationName);
    const compiled = operation?.operation === 'query' ? compiledFor(document, operationName) : null;
    if (compiled) {
      const result = (await compiled.query(undefined, context, request.variables ?? {})) as ExecutionResult;
      // An error without a path is the request's (bad variables): nothing ran, and graphql-js words it as
      // Apollo expects (a BAD_USER_INPUT on the variable), so it answers instead.
      if (!result.errors?.some((e) => !e.path)) return fieldErrorsAsGraphQL(result);
    }
    return execute({ schema, document, contextValue: context, variableValues: request.variables, operationName });
  };
}

/**
 * A one-schema "gateway" for Apollo Server's `gateway` option, its hook for a custom executor: it
 * serves the given schema, never changes it, and executes through createJitExecutor.
 */
export function jitGateway(schema: GraphQLSchema): GatewayInterface {
  return {
    load: async () => ({ executor: createJitExecutor(schema) }),
    onSchemaLoadOrUpdate: (callback) => {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    stop: async () => {},
  };
}
