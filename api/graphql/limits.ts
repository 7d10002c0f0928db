import { GraphQLError, validate, type ParseOptions, type ValidationContext, type ValidationRule } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { QueryCost } from './query-cost.js';

/**
 * Abuse limits applied to every operation, over HTTP and over the socket alike (docs/DECISIONS.md,
 * "Every list has a bound"). Depth counts field levels including the leaves; cost is the number of
 * values an answer can hold: one per field, times the bound of each list and the page size of each
 * connection (query-cost.ts, list-bounds.ts).
 */
export const QUERY_LIMITS = {
  /** Bytes of a GraphQL request body (HTTP) or socket message: larger ones are refused unread (413 / close 1009). */
  maxBodyBytes: 100 * 1024,
  /** Lexical tokens of a document: the parser stops at the first one over. */
  maxTokens: 2_000,
  maxDepth: 12,
  maxAliases: 30,
  maxDirectives: 50,
  maxCost: 150_000,
  /** Bytes of JSON one answer (an HTTP response, a socket `next` message) may take: larger ones are cut off with an error. */
  maxResponseBytes: 8 * 1024 * 1024,
} as const;

/** Parse options for every GraphQL document the server reads (Apollo's `parseOptions`, the socket's parse). */
export const PARSE_OPTIONS: ParseOptions = { maxTokens: QUERY_LIMITS.maxTokens };

/** An error for a document the server refuses to run: a readable message, BAD_USER_INPUT. */
function refusal(message: string, nodes?: GraphQLError['nodes']): GraphQLError {
  return new GraphQLError(message, { nodes, extensions: { code: 'BAD_USER_INPUT' } });
}

/**
 * Marks the errors of a document refused before execution (syntax, validation, limits) as
 * BAD_USER_INPUT, as over HTTP (format-error.ts), keeping their messages and locations.
 */
export function asRefusals(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.map((e) =>
    e.extensions?.code === 'BAD_USER_INPUT'
      ? e
      : new GraphQLError(e.message, { nodes: e.nodes, source: e.source, positions: e.positions, extensions: { ...e.extensions, code: 'BAD_USER_INPUT' } }),
  );
}

/** Armor reports "Syntax Error: <limit> exceeded"; it is not a syntax error, so the prefix goes. */
function reportLimit(context: ValidationContext | null, error: GraphQLError): void {
  context?.reportError(refusal(error.message.replace(/^Syntax Error: /, ''), error.nodes));
}

type ArmorConfig = NonNullable<ConstructorParameters<typeof ApolloArmor>[0]>;

/** Every armor protection is named here so that only the ones asked for are on. */
const ALL_OFF: Required<ArmorConfig> = {
  blockFieldSuggestion: { enabled: false },
  maxTokens: { enabled: false },
  costLimit: { enabled: false },
  maxAliases: { enabled: false },
  maxDepth: { enabled: false },
  maxDirectives: { enabled: false },
};

/** Our errors instead of armor's throw: refusals reported to the validation context (a fresh object: armor edits it). */
const reject = () => ({ exposeLimits: true, propagateOnRejection: false, onReject: [reportLimit] });

/** graphql-armor's validation rules for the given protections (the others off). */
function armorRules(config: ArmorConfig): ValidationRule[] {
  return new ApolloArmor({ ...ALL_OFF, ...config }).protect().validationRules;
}

/** Depth, alias and directive limits: they do not depend on variables. Fragments are counted inline. */
const SHAPE_RULES = armorRules({
  maxDepth: { n: QUERY_LIMITS.maxDepth, ignoreIntrospection: false, flattenFragments: true, ...reject() },
  maxAliases: { n: QUERY_LIMITS.maxAliases, ...reject() },
  maxDirectives: { n: QUERY_LIMITS.maxDirectives, ...reject() },
});

/**
 * The cost limit: the values an answer can hold at most (query-cost.ts), each list counted by its
 * bound (list-bounds.ts), each page by its size. One error per operation over the limit.
 */
function costRule(variables: Record<string, unknown>): ValidationRule {
  return (context) => {
    const cost = new QueryCost(context, variables);
    return {
      OperationDefinition(operation) {
        const root = context.getSchema().getRootType(operation.operation);
        if (!root) return false;
        const found = cost.of(operation.selectionSet, root);
        if (found > QUERY_LIMITS.maxCost) {
          context.reportError(
            refusal(`Query Cost limit of ${QUERY_LIMITS.maxCost} exceeded, found ${found}. Ask for fewer items (a smaller \`first\`) or fewer fields.`, [
              operation,
            ]),
          );
        }
        return false;
      },
    };
  };
}

/**
 * The abuse limits as validation rules (graphql-armor's depth, aliases and directives; our cost) for
 * the socket's validation, which knows the operation's variables. Run them with graphql's
 * `specifiedRules`: armor's rules and the cost rule remember the fragments they visited, so a fragment
 * cycle (refused by NoFragmentCyclesRule) cannot make them loop.
 */
export function queryLimitRules(variables: Record<string, unknown> = {}): ValidationRule[] {
  return [...SHAPE_RULES, costRule(variables)];
}

/**
 * The limits that do not depend on variables, for Apollo's `validationRules` (its validation runs once
 * per document, without variables); the cost limit follows per request (costLimitPlugin).
 */
export function queryShapeRules(): ValidationRule[] {
  return [...SHAPE_RULES];
}

/**
 * The cost limit over HTTP, with the request's variables as on the socket: after the document passed
 * validation, before it runs. Over the limit: 400 BAD_USER_INPUT, nothing executed.
 */
export function costLimitPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, request }) {
          const [error] = validate(schema, document, [costRule(request.variables ?? {})]);
          if (error) throw new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
        },
      };
    },
  };
}
