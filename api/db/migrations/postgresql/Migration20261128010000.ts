import { Migration } from '@mikro-orm/migrations';

/** Email-in addresses (api/modules/email-in): one per person, looked up by the hash of its token. */
export class Migration20261128010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "email_in_addresses" ("id" varchar(36) not null, "user_id" varchar(36) not null, "token_hash" varchar(64) not null, "time_zone" varchar(64) not null default 'UTC', "created_at" timestamptz not null, constraint "email_in_addresses_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "email_in_addresses" add constraint "email_in_addresses_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "email_in_addresses" add constraint "email_in_addresses_token_hash_unique" unique ("token_hash");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_in_addresses" cascade;`);
  }
}
