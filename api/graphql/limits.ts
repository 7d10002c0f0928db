import {
  GraphQLError,
  Kind,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLSchema,
  type ParseOptions,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { LIMITS } from '../../schema/domain/task-rules.js';

/**
 * Abuse limits applied to every operation, over HTTP and over the socket alike (DESIGN 7).
 * Depth counts field levels including the leaves; cost is about the number of fields an answer can
 * hold: one per field, times the page size of each connection (`first`).
 */
export const QUERY_LIMITS = {
  /** Bytes of a GraphQL request body (HTTP) or socket message: larger ones are refused unread (413 / close 1009). */
  maxBodyBytes: 100 * 1024,
  /** Lexical tokens of a document: the parser stops at the first one over. */
  maxTokens: 2_000,
  maxDepth: 12,
  maxAliases: 30,
  maxDirectives: 50,
  maxCost: 60_000,
} as const;

/** Parse options for every GraphQL document the server reads (Apollo's `parseOptions`, the socket's parse). */
export const PARSE_OPTIONS: ParseOptions = { maxTokens: QUERY_LIMITS.maxTokens };

/** Arguments that give a connection's page size. */
const PAGE_SIZE_ARGS = ['first', 'last'];

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

const COST_RULES = armorRules({
  costLimit: { maxCost: QUERY_LIMITS.maxCost, objectCost: 1, scalarCost: 1, depthCostFactor: 1, flattenFragments: true, ignoreIntrospection: false, ...reject() },
});

/**
 * The page size a connection field will serve: a literal `first`, a variable's value when known, the
 * largest page when a variable is unknown (over HTTP validation runs once per document, without
 * variables), else the argument's schema default.
 */
function pageSize(node: FieldNode, field: GraphQLField<unknown, unknown> | null | undefined, variables: Record<string, unknown>): ArgumentNode | null {
  const given = node.arguments?.find((a) => PAGE_SIZE_ARGS.includes(a.name.value));
  const int = (name: string, n: number): ArgumentNode => ({ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: name }, value: { kind: Kind.INT, value: String(n) } });
  if (given?.value.kind === Kind.VARIABLE) {
    const n = Number(variables[given.value.name.value]);
    return int(given.name.value, Number.isInteger(n) && n > 0 ? n : LIMITS.pageMax);
  }
  if (given) return null;
  const arg = field?.args.find((a) => PAGE_SIZE_ARGS.includes(a.name));
  return arg && typeof arg.defaultValue === 'number' ? int(arg.name, arg.defaultValue) : null;
}

/** The document with every connection's page size written as a number, for armor's cost rule (which reads literals only). */
function withPageSizes(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>): DocumentNode {
  const typeInfo = new TypeInfo(schema);
  return visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const size = pageSize(node, typeInfo.getFieldDef(), variables);
        if (!size) return undefined;
        const others = (node.arguments ?? []).filter((a) => a.name.value !== size.name.value);
        return { ...node, arguments: [...others, size] };
      },
    }),
  );
}

/** armor's cost limit over the document with page sizes made literal (see withPageSizes). */
function costRule(variables: Record<string, unknown>): ValidationRule {
  return (context) => ({
    Document(document) {
      const schema = context.getSchema();
      for (const error of validate(schema, withPageSizes(schema, document, variables), COST_RULES)) context.reportError(error);
      return false;
    },
  });
}

/**
 * The abuse limits as validation rules (graphql-armor: depth, aliases, directives, cost), for Apollo's
 * `validationRules` and the socket's validation. Run them with graphql's `specifiedRules`: armor's
 * rules remember the fragments they visited, so a fragment cycle (refused by NoFragmentCyclesRule)
 * cannot make them loop. Variables are known on the socket only.
 */
export function queryLimitRules(variables: Record<string, unknown> = {}): ValidationRule[] {
  return [...SHAPE_RULES, costRule(variables)];
}
