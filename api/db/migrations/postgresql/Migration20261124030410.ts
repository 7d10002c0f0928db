import { Migration } from '@mikro-orm/migrations';

export class Migration20261124030410 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "api_tokens" ("id" varchar(36) not null, "user_id" varchar(36) not null, "name" varchar(100) not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, constraint "api_tokens_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "api_tokens_user_id_index" on "api_tokens" ("user_id");`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(
      `create table "calendar_feeds" ("id" varchar(36) not null, "user_id" varchar(36) not null, "time_zone" varchar(64) not null default 'UTC', "created_at" timestamptz not null, constraint "calendar_feeds_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_user_id_unique" unique ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_tokens" cascade;`);

    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
  }
}
