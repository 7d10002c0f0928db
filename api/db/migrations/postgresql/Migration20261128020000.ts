import { Migration } from '@mikro-orm/migrations';

/** Imports (api/modules/import): the jobs with their progress, and the source ids each person imported. */
export class Migration20261128020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "import_jobs" ("id" varchar(36) not null, "created_by_id" varchar(36) not null, "source" varchar(20) not null, "status" varchar(20) not null default 'queued', "file_name" varchar(255) null, "options" text not null default '{}', "content" text not null default '', "time_zone" varchar(64) not null default 'UTC', "total" int not null default 0, "processed" int not null default 0, "created_tasks" int not null default 0, "created_subtasks" int not null default 0, "created_comments" int not null default 0, "skipped" jsonb not null, "error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "import_jobs_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "import_jobs_created_by_id_created_at_index" on "import_jobs" ("created_by_id", "created_at");`);
    this.addSql(
      `create table "import_refs" ("id" varchar(36) not null, "user_id" varchar(36) not null, "source" varchar(20) not null, "ref" varchar(100) not null, "task_id" varchar(36) not null, "created_at" timestamptz not null, constraint "import_refs_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "import_refs" add constraint "import_refs_user_id_source_ref_unique" unique ("user_id", "source", "ref");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "import_jobs" cascade;`);
    this.addSql(`drop table if exists "import_refs" cascade;`);
  }
}
