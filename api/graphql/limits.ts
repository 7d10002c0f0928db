import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';

/** Abuse limits applied to every operation, over HTTP and over the socket (DESIGN 7). */
export const QUERY_LIMITS = { maxDepth: 12, maxAliases: 30, maxCost: 60_000 } as const;

type Fragments = Record<string, FragmentDefinitionNode>;

/** The cost multiplier of a `first`/`limit` given by a variable whose value is unknown (the page maximum). */
const UNKNOWN_PAGE_SIZE = 500;

function limitError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function listMultiplier(field: FieldNode, variables: Record<string, unknown>): number {
  const arg = field.arguments?.find((a) => a.name.value === 'first' || a.name.value === 'limit');
  if (!arg) return 1;
  const value: ValueNode = arg.value;
  if (value.kind === Kind.INT) return Math.max(1, Number(value.value));
  if (value.kind === Kind.VARIABLE) {
    // Over HTTP the rule runs without the variables: assume the largest page the API serves.
    const n = Number(variables[value.name.value]);
    return Number.isFinite(n) && n > 0 ? n : UNKNOWN_PAGE_SIZE;
  }
  return 1;
}

interface Measure {
  depth: number;
  aliases: number;
  cost: number;
}

/** Walks a selection set with fragments inlined; cycles are cut by the depth limit. */
function measure(set: SelectionSetNode | undefined, fragments: Fragments, variables: Record<string, unknown>, depth: number): Measure {
  const total: Measure = { depth, aliases: 0, cost: 0 };
  if (!set || depth > QUERY_LIMITS.maxDepth + 1) return total;
  for (const sel of set.selections) {
    let inner: Measure;
    if (sel.kind === Kind.FIELD) {
      const child = measure(sel.selectionSet, fragments, variables, depth + 1);
      const multiplier = listMultiplier(sel, variables);
      inner = { depth: sel.selectionSet ? child.depth : depth, aliases: child.aliases + (sel.alias ? 1 : 0), cost: 1 + child.cost * multiplier };
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      inner = measure(sel.selectionSet, fragments, variables, depth);
    } else {
      inner = measure(fragments[sel.name.value]?.selectionSet, fragments, variables, depth);
    }
    total.depth = Math.max(total.depth, inner.depth);
    total.aliases += inner.aliases;
    total.cost += inner.cost;
  }
  return total;
}

/** Measures one operation of a document, fragments inlined. */
function measureOperation(operation: OperationDefinitionNode, fragments: Fragments, variables: Record<string, unknown> = {}): Measure {
  return measure(operation.selectionSet, fragments, variables, 0);
}

/** A validation rule enforcing depth, alias and cost limits (variables read when given). */
export function queryLimitsRule(variables: Record<string, unknown> = {}) {
  return (context: ValidationContext): ASTVisitor => {
    const doc = context.getDocument();
    const fragments: Fragments = {};
    for (const def of doc.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
    return {
      OperationDefinition(node) {
        const m = measureOperation(node, fragments, variables);
        if (m.depth > QUERY_LIMITS.maxDepth) context.reportError(limitError(`Query is too deep: at most ${QUERY_LIMITS.maxDepth} levels`));
        if (m.aliases > QUERY_LIMITS.maxAliases) context.reportError(limitError(`Too many aliases: at most ${QUERY_LIMITS.maxAliases}`));
        if (m.cost > QUERY_LIMITS.maxCost) context.reportError(limitError(`Query is too expensive (cost ${m.cost}, at most ${QUERY_LIMITS.maxCost})`));
      },
    };
  };
}
