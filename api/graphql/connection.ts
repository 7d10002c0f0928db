import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { Field, ObjectType } from 'type-graphql';
import { badInput } from '../common/errors.js';

@ObjectType()
export class PageInfo {
  @Field(() => Boolean) hasNextPage!: boolean;
  @Field(() => Boolean) hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true }) startCursor!: string | null;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
}

/** Cursors are opaque: the position in the requested order. */
export const encodeCursor = (offset: number): string => Buffer.from(`o:${offset}`).toString('base64url');

export function decodeCursor(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const match = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw badInput('Invalid cursor');
  return Number(match[1]) + 1;
}

export function pageInfo(offset: number, count: number, totalCount: number): PageInfo {
  return {
    hasNextPage: offset + count < totalCount,
    hasPreviousPage: offset > 0,
    startCursor: count > 0 ? encodeCursor(offset) : null,
    endCursor: count > 0 ? encodeCursor(offset + count - 1) : null,
  };
}

/**
 * Builds edges, nodes and page info for one page, with the connection's own fields (`extra`). The edges
 * (an object and a cursor per item) are built only when read: the planner's pages of 500 select
 * `nodes`. Do not spread the result (that would build them).
 */
export function connection<T, E extends object = object>(items: T[], offset: number, totalCount: number, extra?: E) {
  let edges: { cursor: string; node: T }[] | undefined;
  return Object.assign(
    {
      get edges() {
        return (edges ??= items.map((node, i) => ({ cursor: encodeCursor(offset + i), node })));
      },
      nodes: items,
      pageInfo: pageInfo(offset, items.length, totalCount),
      totalCount,
    },
    extra,
  );
}

/** The field names a selection set selects (through inline and named fragments), with their sub-selections. */
function fieldsOf(
  set: SelectionSetNode | undefined,
  info: GraphQLResolveInfo,
  into: Map<string, SelectionSetNode[]>,
  seen = new Set<string>(),
): Map<string, SelectionSetNode[]> {
  for (const s of set?.selections ?? []) {
    if (s.kind === Kind.FIELD) {
      const subs = into.get(s.name.value) ?? [];
      if (s.selectionSet) subs.push(s.selectionSet);
      into.set(s.name.value, subs);
    } else if (s.kind === Kind.INLINE_FRAGMENT) {
      fieldsOf(s.selectionSet, info, into, seen);
    } else if (!seen.has(s.name.value)) {
      seen.add(s.name.value);
      fieldsOf(info.fragments[s.name.value]?.selectionSet, info, into, seen);
    }
  }
  return into;
}

/** The fields a connection query selects on its items, as `nodes { ... }` or `edges { node { ... } }`. */
export function selectedNodeFields(info: GraphQLResolveInfo): Set<string> {
  const top = new Map<string, SelectionSetNode[]>();
  for (const node of info.fieldNodes) fieldsOf(node.selectionSet, info, top);
  const itemSets = [...(top.get('nodes') ?? [])];
  const edges = new Map<string, SelectionSetNode[]>();
  for (const set of top.get('edges') ?? []) fieldsOf(set, info, edges);
  itemSets.push(...(edges.get('node') ?? []));
  const items = new Map<string, SelectionSetNode[]>();
  for (const set of itemSets) fieldsOf(set, info, items);
  return new Set(items.keys());
}

/**
 * A keyset connection's cursors: the position of an item in the order (`position(item)`, plain JSON)
 * and the total counted on the first page, so the next pages need not count again. Opaque to clients.
 */
export const encodeKeysetCursor = (position: unknown, total: number): string => Buffer.from(`k:${total}:${JSON.stringify(position)}`).toString('base64url');

/** The position and total an `after` keyset cursor names (null for none); BAD_USER_INPUT for anything else (an offset cursor included). */
export function decodeKeysetCursor(cursor: string | null | undefined): { position: unknown; total: number } | null {
  if (!cursor) return null;
  const match = /^k:(\d{1,12}):(\{.*\})$/s.exec(Buffer.from(cursor, 'base64url').toString());
  let position: unknown;
  try {
    position = match ? JSON.parse(match[2]) : null;
  } catch {
    position = null;
  }
  if (!match || !position) throw badInput('Invalid cursor: it is not one this list gave out (start again from the first page)');
  return { position, total: Number(match[1]) };
}

/**
 * A keyset page as its connection: each item's cursor is its position (`position`) with the total,
 * built only when read (see connection()). `after` is the cursor the page started from.
 */
export function keysetConnection<T, E extends object = object>(
  items: T[],
  page: { totalCount: number; hasNextPage: boolean; after: boolean },
  position: (item: T) => unknown,
  extra?: E,
) {
  let edges: { cursor: string; node: T }[] | undefined;
  const cursorOf = (item: T) => encodeKeysetCursor(position(item), page.totalCount);
  return Object.assign(
    {
      get edges() {
        return (edges ??= items.map((node) => ({ cursor: cursorOf(node), node })));
      },
      nodes: items,
      pageInfo: {
        hasNextPage: page.hasNextPage,
        hasPreviousPage: page.after,
        startCursor: items.length > 0 ? cursorOf(items[0]) : null,
        endCursor: items.length > 0 ? cursorOf(items[items.length - 1]) : null,
      },
      totalCount: page.totalCount,
    },
    extra,
  );
}

/** Whether the query selects `name` directly on the resolved field (through fragments too). */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  const seen = new Set<string>();
  const inSet = (set: SelectionSetNode | undefined): boolean =>
    !!set?.selections.some((s) => {
      if (s.kind === Kind.FIELD) return s.name.value === name;
      if (s.kind === Kind.INLINE_FRAGMENT) return inSet(s.selectionSet);
      if (seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return inSet(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((node) => inSet(node.selectionSet));
}
