import { Migration } from '@mikro-orm/migrations';

/** Security events (api/auth/sessions): sign-ins, refused sign-ins, sign-outs and sign-in changes, with address and User-Agent. */
export class Migration20261128041500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "security_events" ("id" varchar(36) not null, "kind" varchar(40) not null, "user_id" varchar(36) null, "actor_id" varchar(36) null, "username" varchar(100) null, "detail" varchar(200) not null default '', "ip" varchar(64) not null default '', "user_agent" varchar(512) not null default '', "created_at" timestamptz not null, constraint "security_events_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "security_events_user_id_index" on "security_events" ("user_id");`);
    this.addSql(`create index "security_events_created_at_id_index" on "security_events" ("created_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "security_events" cascade;`);
  }
}
