import { Migration } from '@mikro-orm/migrations';

export class Migration20261124030429 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "notifications" ("id" varchar(36) not null, "user_id" varchar(36) not null, "kind" varchar(20) not null, "task_id" varchar(36) null, "task_title" varchar(500) not null default '', "message" varchar(1000) not null, "actor_id" varchar(36) null, "dedupe_key" varchar(150) null, "read_at" timestamptz null, "in_app" boolean not null default true, "created_at" timestamptz not null, constraint "notifications_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "notifications" add constraint "notifications_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`create index "notifications_user_id_created_at_index" on "notifications" ("user_id", "created_at");`);

    this.addSql(
      `create table "notification_settings" ("user_id" varchar(36) not null, "channels" jsonb null, "time_zone" varchar(64) not null default 'UTC', "updated_at" timestamptz not null, constraint "notification_settings_pkey" primary key ("user_id"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notifications" cascade;`);

    this.addSql(`drop table if exists "notification_settings" cascade;`);
  }
}
