import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { ImportJob } from './import.entity.js';

@ObjectType({ description: 'What an import created' })
export class ImportCounts {
  @Field(() => Int) tasks!: number;
  @Field(() => Int) subtasks!: number;
  @Field(() => Int) comments!: number;
}

@ObjectType({ description: 'A card, row or person the import left out or changed, and why' })
export class ImportSkipped {
  @Field(() => String) ref!: string;
  @Field(() => String) reason!: string;
}

/** An import as REST and GraphQL answer it (docs/API.md, Imports): the same fields on both. */
@ObjectType('ImportJob', { description: 'An import of tasks from Trello, Todoist or CSV (its creator and admins only)' })
export class ImportJobView {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'trello, todoist or csv' }) source!: string;
  @Field(() => String, { description: 'queued, running, done or failed' }) status!: string;
  @Field(() => String, { nullable: true }) fileName!: string | null;
  @Field(() => Int, { description: 'Tasks (cards, rows) in the file' }) total!: number;
  @Field(() => Int) processed!: number;
  @Field(() => ImportCounts) created!: ImportCounts;
  @Field(() => [ImportSkipped]) skipped!: ImportSkipped[];
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export function importJobView(job: ImportJob): ImportJobView {
  return {
    id: job.id,
    source: job.source,
    status: job.status,
    fileName: job.fileName,
    total: job.total,
    processed: job.processed,
    created: { tasks: job.createdTasks, subtasks: job.createdSubtasks, comments: job.createdComments },
    skipped: job.skipped,
    error: job.error,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
