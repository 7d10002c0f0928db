import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Int, Query, Resolver, Root } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { selectsField } from '../../graphql/connection.js';
import { User } from '../user/user.entity.js';
import { loadUser } from '../task/index.js';
import { AuditEntry } from '../audit/audit.entity.js';
import { ActivityDay, ActivityFilter, AuditChange, AuditConnection, activityConnection, decodeActivityCursor } from './activity.types.js';
import { displayName, entryChanges } from '../audit/audit.service.js';
import * as activity from './activity.service.js';

const jsonText = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/** GraphQL adapter of the activity service: a task's log and the activity timeline. */
@Resolver(() => AuditEntry)
export class ActivityResolver {
  @Query(() => [AuditEntry], { description: 'The audit log of a task the viewer may read, newest first' })
  taskAudit(@Ctx() ctx: ServiceContext, @Arg('taskId', () => ID) taskId: string): Promise<AuditEntry[]> {
    return activity.listTaskAudit(ctx, taskId);
  }

  @Query(() => AuditConnection, { description: 'The activity timeline: changes to tasks the viewer may read, newest first' })
  async activity(
    @Ctx() ctx: ServiceContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('filter', () => ActivityFilter, { nullable: true }) filter: ActivityFilter | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50, description: '1 to 500' }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ): Promise<AuditConnection> {
    const cursor = decodeActivityCursor(after);
    // The total is counted on the first page and carried by the cursors to the next ones.
    const withTotal = cursor === null && selectsField(info, 'totalCount');
    const page = await activity.listActivity(ctx, filter ?? {}, { first, after: cursor, withTotal });
    return activityConnection(page, cursor, filter ?? {}, (instant) => activity.startOfViewerDay(ctx, instant));
  }

  @FieldResolver(() => User, { nullable: true, description: 'Who made the change' })
  user(@Root() entry: AuditEntry, @Ctx() ctx: ServiceContext): User | null | Promise<User | null> {
    return loadUser(ctx, entry.userId);
  }

  @FieldResolver(() => String, { description: "The person's display name ('Unknown User' when gone)" })
  async userName(@Root() entry: AuditEntry, @Ctx() ctx: ServiceContext): Promise<string> {
    return displayName(await loadUser(ctx, entry.userId));
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "What Restore does with this entry for the viewer: 'task' (a deleted task comes back), 'version' (the changed fields go back), or null (not restorable, or not by them)",
  })
  restore(@Root() entry: AuditEntry, @Ctx() ctx: ServiceContext): Promise<string | null> {
    return activity.viewerRestoreKind(ctx, entry);
  }

  @FieldResolver(() => [AuditChange], { description: 'The changed fields with their old and new values' })
  changes(@Root() entry: AuditEntry): AuditChange[] {
    return entryChanges(entry).map((c) => ({ field: c.field, oldValue: jsonText(c.oldValue), newValue: jsonText(c.newValue) }));
  }
}

/** The activity connection's per-day counts, read only when asked for. */
@Resolver(() => AuditConnection)
export class ActivityConnectionResolver {
  @FieldResolver(() => [ActivityDay], {
    description:
      "Entries per calendar day in the viewer's time zone (X-Time-Zone), newest day first: every day from the newest entry the filter selects down to the oldest day this page reaches (the whole log when the filter names a task), each day counted in full",
  })
  days(@Root() conn: AuditConnection, @Ctx() ctx: ServiceContext): Promise<ActivityDay[]> {
    return activity.countActivityDays(ctx, conn.query ?? {}, conn.daysSince ?? null);
  }
}
