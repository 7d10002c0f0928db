import { Migration } from '@mikro-orm/migrations';

/** Imports (api/modules/import): the jobs with their progress, and the source ids each person imported. */
export class Migration20261128020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`import_jobs\` (\`id\` text not null, \`created_by_id\` text not null, \`source\` text not null, \`status\` text not null default 'queued', \`file_name\` text null, \`options\` text not null default '{}', \`content\` text not null default '', \`time_zone\` text not null default 'UTC', \`total\` integer not null default 0, \`processed\` integer not null default 0, \`created_tasks\` integer not null default 0, \`created_subtasks\` integer not null default 0, \`created_comments\` integer not null default 0, \`skipped\` json not null, \`error\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`import_jobs_created_by_id_created_at_index\` on \`import_jobs\` (\`created_by_id\`, \`created_at\`);`);
    this.addSql(
      `create table \`import_refs\` (\`id\` text not null, \`user_id\` text not null, \`source\` text not null, \`ref\` text not null, \`task_id\` text not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`import_refs_user_id_source_ref_unique\` on \`import_refs\` (\`user_id\`, \`source\`, \`ref\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`import_jobs\`;`);
    this.addSql(`drop table if exists \`import_refs\`;`);
  }
}
