import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  valueFromAST,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';
import { LIMITS } from '../../schema/domain/task-rules.js';
import { listBoundOf } from './list-bounds.js';

/** Arguments that give a page size. */
const PAGE_SIZE_ARGS = ['first', 'last'];

/**
 * The cost of a document: the number of values its answer can hold at most. One per field; a list
 * field's sub-selection counts once per item it can hold, by its bound (list-bounds.ts). A `page` list
 * holds the page size of `first`/`last` on itself or on the field that returned its parent (a literal,
 * the variable's value when known, the largest page when a variable is unknown: over HTTP, validation
 * runs once per document, without variables; else the argument's default). Fragments count where they are spread, each in full (an overestimate where two
 * selections overlap). Introspection's own lists count once per item (introspection is off in production).
 */
export class QueryCost {
  private readonly fragmentCosts = new Map<string, number>();

  constructor(
    private readonly context: ValidationContext,
    private readonly variables: Record<string, unknown>,
  ) {}

  /**
   * The cost of a selection set on `parent`; `page` is the page size of the field that returned it
   * (a connection's `first`), which its `page`-bounded lists (nodes, edges) hold.
   */
  of(selectionSet: SelectionSetNode, parent: GraphQLCompositeType, page?: number): number {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) cost += this.field(selection, parent, page);
      else if (selection.kind === Kind.INLINE_FRAGMENT)
        cost += this.of(selection.selectionSet, this.typeOf(selection.typeCondition?.name.value) ?? parent, page);
      else cost += this.fragment(selection.name.value, page);
    }
    return cost;
  }

  private typeOf(name: string | undefined): GraphQLCompositeType | undefined {
    const type: GraphQLNamedType | undefined = name ? this.context.getSchema().getType(name) : undefined;
    return type && isCompositeType(type) ? type : undefined;
  }

  /** A fragment's cost, worked out once per page size it is spread under; a cycle counts 0 (graphql refuses it). */
  private fragment(name: string, page: number | undefined): number {
    const key = `${name}@${page ?? ''}`;
    const known = this.fragmentCosts.get(key);
    if (known !== undefined) return known;
    this.fragmentCosts.set(key, 0);
    const definition: FragmentDefinitionNode | null | undefined = this.context.getFragment(name);
    const type = this.typeOf(definition?.typeCondition.name.value);
    const cost = definition && type ? this.of(definition.selectionSet, type, page) : 0;
    this.fragmentCosts.set(key, cost);
    return cost;
  }

  private field(node: FieldNode, parent: GraphQLCompositeType, page: number | undefined): number {
    const def = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[node.name.value] : undefined;
    if (!def) return 1; // __typename, or an unknown field (graphql reports it)
    const named = getNamedType(def.type);
    const ownPage = this.pageSize(node, def);
    const inner = node.selectionSet && isCompositeType(named) ? 1 + this.of(node.selectionSet, named, ownPage) : 1;
    return inner * this.items(node, def, parent.name, ownPage ?? page);
  }

  /** How many items a list field can return (1 for a non-list). */
  private items(node: FieldNode, def: GraphQLField<unknown, unknown>, parentName: string, page: number | undefined): number {
    const levels = listLevels(def.type);
    if (levels === 0) return 1;
    const bound = listBoundOf(parentName, def.name);
    let perLevel: number;
    if (!bound)
      perLevel = parentName.startsWith('__') ? 1 : LIMITS.pageMax; // an undeclared list: the schema walk test fails on it
    else if ('page' in bound) perLevel = page ?? LIMITS.pageMax;
    else if ('argument' in bound) perLevel = Math.min(bound.max, this.listArgumentLength(node, def, bound.argument) ?? bound.max);
    else perLevel = bound.max;
    return perLevel ** levels;
  }

  private listArgumentLength(node: FieldNode, def: GraphQLField<unknown, unknown>, name: string): number | undefined {
    const arg = def.args.find((a) => a.name === name);
    const given = node.arguments?.find((a) => a.name.value === name);
    if (!arg || !given) return undefined;
    const value = this.argumentValue(given.value, arg.type);
    return Array.isArray(value) ? value.length : undefined;
  }

  private argumentValue(value: ValueNode, type: GraphQLField<unknown, unknown>['args'][number]['type']): unknown {
    if (value.kind === Kind.VARIABLE) return this.variables[value.name.value];
    return valueFromAST(value, type, this.variables);
  }

  /** The page a field with `first`/`last` serves (the larger when both are given), else undefined. */
  private pageSize(node: FieldNode, def: GraphQLField<unknown, unknown>): number | undefined {
    let size = 0;
    for (const arg of def.args.filter((a) => PAGE_SIZE_ARGS.includes(a.name))) {
      const given = node.arguments?.find((a) => a.name.value === arg.name);
      let n: unknown;
      if (!given) n = arg.defaultValue ?? LIMITS.pageMax;
      else if (given.value.kind === Kind.VARIABLE) n = this.variables[given.value.name.value] ?? LIMITS.pageMax;
      else n = valueFromAST(given.value, arg.type, this.variables);
      size = Math.max(size, typeof n === 'number' && Number.isInteger(n) && n > 0 ? Math.min(n, LIMITS.pageMax) : given ? 1 : 0);
    }
    return size > 0 ? size : undefined;
  }
}

/** Lists nested in a type: 0 for `Task`, 1 for `[Task!]!`, 2 for `[[Int]]`. */
function listLevels(type: GraphQLOutputType): number {
  let levels = 0;
  let t = getNullableType(type);
  while (isListType(t)) {
    levels += 1;
    t = getNullableType(t.ofType);
  }
  return levels;
}
