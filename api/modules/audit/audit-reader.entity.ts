import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One reader of one audit entry: a person who could read the entry's task when it was written (its
 * assignee and creator), so a member's timeline walks their own rows through one index instead of
 * matching every entry's `readers` JSON. Written with the entry (audit.service recordAudit); the
 * entry's time is copied so the walk is in the timeline's order (docs/DECISIONS.md, "Activity
 * visibility and day counts").
 */
@Entity({ tableName: 'audit_readers' })
@Index({ properties: ['userId', 'createdAt', 'entryId'] })
export class AuditReader {
  @PrimaryKey({ type: 'string', length: 36 })
  entryId!: string;

  @PrimaryKey({ type: 'string', length: 36 })
  userId!: string;

  /** The entry's createdAt. */
  @Property({ type: 'Date' })
  createdAt!: Date;
}
