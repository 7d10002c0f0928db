import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { newId } from '../../common/ids.js';

/**
 * An import: the uploaded file, its options and its progress. The service writes the progress as it
 * goes, so a reload (or another process) reads where it is; the content is dropped once it finished.
 */
@Entity({ tableName: 'import_jobs' })
@Index({ properties: ['createdById', 'createdAt'] })
export class ImportJob {
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Property({ type: 'string', length: 36 })
  createdById!: string;

  /** trello, todoist or csv. */
  @Property({ type: 'string', length: 20 })
  source!: string;

  /** queued, running, done or failed. */
  @Property({ type: 'string', length: 20, default: 'queued' })
  status: string = 'queued';

  @Property({ type: 'string', length: 255, nullable: true })
  fileName: string | null = null;

  /** The options as sent (mapping, assignTo, skipClosed), as JSON. */
  @Property({ type: 'text', lazy: true })
  options: string = '{}';

  /** The uploaded file's text until the import ends. */
  @Property({ type: 'text', lazy: true })
  content: string = '';

  @Property({ type: 'string', length: 64, default: 'UTC' })
  timeZone: string = 'UTC';

  @Property({ type: 'integer', default: 0 })
  total: number = 0;

  @Property({ type: 'integer', default: 0 })
  processed: number = 0;

  @Property({ type: 'integer', default: 0 })
  createdTasks: number = 0;

  @Property({ type: 'integer', default: 0 })
  createdSubtasks: number = 0;

  @Property({ type: 'integer', default: 0 })
  createdComments: number = 0;

  /** [{ ref, reason }]: what was left out, and why. */
  @Property({ type: 'json' })
  skipped: { ref: string; reason: string }[] = [];

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}

/** A source's id already imported by this person (Trello card id, a CSV row's hash): not imported twice. */
@Entity({ tableName: 'import_refs' })
@Unique({ properties: ['userId', 'source', 'ref'] })
export class ImportRef {
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  /** The person who imported it. */
  @Property({ type: 'string', length: 36 })
  userId!: string;

  @Property({ type: 'string', length: 20 })
  source!: string;

  @Property({ type: 'string', length: 100 })
  ref!: string;

  @Property({ type: 'string', length: 36 })
  taskId!: string;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();
}
