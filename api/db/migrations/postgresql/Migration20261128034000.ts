import { Migration } from '@mikro-orm/migrations';

/** Time spent on tasks (api/modules/time): timers and entries made by hand; one running entry per person (partial unique index). */
export class Migration20261128034000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "time_entries" ("id" varchar(36) not null, "task_id" varchar(36) not null, "user_id" varchar(36) not null, "started_at" timestamptz not null, "ended_at" timestamptz null, "minutes" int null, "note" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "time_entries_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "time_entries_user_id_started_at_index" on "time_entries" ("user_id", "started_at");`);
    this.addSql(`create index "time_entries_task_id_index" on "time_entries" ("task_id");`);
    this.addSql(`create unique index "time_entries_one_running_unique" on "time_entries" ("user_id") where "ended_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "time_entries" cascade;`);
  }
}
