import { Migration } from '@mikro-orm/migrations';

export class Migration20261124030553 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhooks" ("id" varchar(36) not null, "url" varchar(2000) not null, "secret" varchar(200) not null, "events" jsonb not null, "enabled" boolean not null default true, "created_by_id" varchar(36) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhooks_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "webhook_deliveries" ("id" varchar(36) not null, "webhook_id" varchar(36) not null, "event_id" varchar(36) not null, "event" varchar(40) not null, "body" text not null, "status" varchar(20) not null default 'pending', "attempt" int not null default 0, "status_code" int null, "duration_ms" int null, "error" varchar(500) null, "next_attempt_at" double precision not null, "claimed_until" double precision null, "claim_token" varchar(36) null, "created_at" timestamptz not null, "last_attempt_at" timestamptz null, constraint "webhook_deliveries_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_deliveries_webhook_id_created_at_index" on "webhook_deliveries" ("webhook_id", "created_at");`);
    this.addSql(`create index "webhook_deliveries_status_next_attempt_at_index" on "webhook_deliveries" ("status", "next_attempt_at");`);

    this.addSql(
      `create table "webhook_events" ("id" varchar(36) not null, "event" varchar(40) not null, "body" text not null, "created_at" timestamptz not null, constraint "webhook_events_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_events_created_at_index" on "webhook_events" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhooks" cascade;`);

    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);

    this.addSql(`drop table if exists "webhook_events" cascade;`);
  }
}
