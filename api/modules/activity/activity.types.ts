import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../../graphql/connection.js';
import { AuditEntry } from '../audit/audit.entity.js';
import { badInput } from '../../common/errors.js';
import type { ActivityPage, ActivityPosition } from './activity.service.js';

@ObjectType({ description: 'One changed field of an audit entry; values are JSON text (null when not recorded)' })
export class AuditChange {
  @Field(() => String) field!: string;
  @Field(() => String, { nullable: true, description: 'JSON text of the value before' }) oldValue!: string | null;
  @Field(() => String, { nullable: true, description: 'JSON text of the value after' }) newValue!: string | null;
}

@ObjectType()
export class AuditEntryEdge {
  @Field(() => String) cursor!: string;
  @Field(() => AuditEntry) node!: AuditEntry;
}

@ObjectType({ description: "How many entries of the timeline's filter fall on one calendar day" })
export class ActivityDay {
  @Field(() => String, { description: "yyyy-MM-dd in the viewer's time zone (X-Time-Zone)" }) date!: string;
  @Field(() => Int) count!: number;
}

@ObjectType()
export class AuditConnection {
  @Field(() => [AuditEntryEdge]) edges!: AuditEntryEdge[];
  @Field(() => [AuditEntry]) nodes!: AuditEntry[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
  @Field(() => Int) totalCount!: number;
  /** The filter of this connection (not a field): what `days` counts. */
  query?: ActivityFilter;
  /** Where `days` begins (not a field): the first instant of the oldest day the page reaches; null for all. */
  daysSince?: Date | null;
}

/** The timeline's cursor: the position of an entry (its time and id) and the total counted on the first page. */
interface ActivityCursor extends ActivityPosition {
  total: number;
}

const CURSOR = /^a:(\d{1,16}):([\w-]{1,64}):(\d{1,12})$/;

const encodeActivityCursor = (entry: ActivityPosition, total: number): string =>
  Buffer.from(`a:${entry.createdAt.getTime()}:${entry.id}:${total}`).toString('base64url');

/** The position an `after` cursor names (null for the first page); a clear error for anything else. */
export function decodeActivityCursor(cursor: string | null | undefined): ActivityCursor | null {
  if (!cursor) return null;
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw badInput('Invalid cursor');
  return { createdAt: new Date(Number(match[1])), id: match[2], total: Number(match[3]) };
}

/**
 * A timeline page as its connection: keyset cursors (time and id of each entry), the total (counted on
 * the first page, then carried by the cursors), and where its day counts begin: the first instant of
 * the oldest day the page reaches, so the counts cover every day the timeline has shown and no more
 * (a task's log is counted whole: the filter bounds it).
 */
export function activityConnection(
  page: ActivityPage,
  after: ActivityCursor | null,
  query: ActivityFilter,
  startOfDay: (instant: Date) => Date,
): AuditConnection {
  const total = page.totalCount ?? after?.total ?? 0;
  const items = page.items;
  const last = items[items.length - 1] ?? after;
  let edges: AuditEntryEdge[] | undefined;
  return {
    get edges() {
      return (edges ??= items.map((node) => ({ cursor: encodeActivityCursor(node, total), node })));
    },
    nodes: items,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: after !== null,
      startCursor: items.length > 0 ? encodeActivityCursor(items[0], total) : null,
      endCursor: items.length > 0 ? encodeActivityCursor(items[items.length - 1], total) : null,
    },
    totalCount: total,
    query,
    daysSince: query.taskId || !last ? null : startOfDay(last.createdAt),
  };
}

/** Filters of the activity timeline. */
@InputType()
export class ActivityFilter {
  @Field(() => ID, { nullable: true }) taskId?: string | null;
  @Field(() => ID, { nullable: true, description: 'Who made the change' }) userId?: string | null;
  @Field(() => String, { nullable: true, description: 'created, updated, deleted, moved, rescheduled, promoted...' }) action?: string | null;
  @Field(() => String, { nullable: true, description: 'task, subtask or comment' }) entityType?: string | null;
  @Field(() => String, { nullable: true, description: "yyyy-MM-dd (start of that day in the viewer's zone) or ISO date-time" }) from?: string | null;
  @Field(() => String, { nullable: true, description: "yyyy-MM-dd (end of that day in the viewer's zone) or ISO date-time" }) to?: string | null;
  @Field(() => String, { nullable: true, description: 'Text in the description or the changed values' }) q?: string | null;
}
