import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../../graphql/connection.js';
import { AuditEntry } from '../audit/audit.entity.js';

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
