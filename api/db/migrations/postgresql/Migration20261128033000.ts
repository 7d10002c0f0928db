import { Migration } from '@mikro-orm/migrations';

/** Task attachments (api/modules/attachment): one row per reference to a stored file, named by its SHA-256. */
export class Migration20261128033000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "attachments" ("id" varchar(36) not null, "task_id" varchar(36) not null, "comment_id" varchar(36) null, "name" varchar(255) not null, "size" int not null, "content_type" varchar(100) not null, "sha256" varchar(64) not null, "uploaded_by_id" varchar(36) not null, "created_at" timestamptz not null, constraint "attachments_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "attachments_sha256_index" on "attachments" ("sha256");`);
    this.addSql(`create index "attachments_task_id_created_at_index" on "attachments" ("task_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "attachments" cascade;`);
  }
}
