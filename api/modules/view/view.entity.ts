import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids.js';

/** Filters of a saved task listing view (single-select per field). */
export interface TaskViewFilters {
  projects?: string[];
  statuses?: string[];
  tags?: string[];
  assignees?: string[];
  categories?: string[];
  priorities?: string[];
  dateRange?: { start?: string | null; end?: string | null } | null;
  search?: string | null;
  /** TIME_SPENT_FILTERS, or none. */
  timeSpent?: string | null;
}

/** A saved Task Listing view, owned by its creator, optionally public or shared with named users. */
@Entity({ tableName: 'task_views' })
export class TaskView {
  @PrimaryKey({ type: 'string', length: 36 })
  id: string = newId();

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'json' })
  filters: TaskViewFilters = {};

  @Property({ type: 'json' })
  columns: string[] = ['title', 'status', 'priority', 'assignedTo', 'project', 'dueDate'];

  @Property({ type: 'string', length: 20, default: 'updatedAt' })
  sortBy: string = 'updatedAt';

  @Property({ type: 'string', length: 4, default: 'desc' })
  sortOrder: string = 'desc';

  @Property({ type: 'boolean', default: false })
  isPublic: boolean = false;

  @Property({ type: 'json' })
  sharedWith: string[] = [];

  @Index()
  @Property({ type: 'string', length: 36 })
  createdById!: string;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}
