import { Migration } from '@mikro-orm/migrations';

/** Passkeys (api/auth/passkeys): people's WebAuthn credentials, and the challenges handed out for them (each used once). */
export class Migration20261201213000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "passkeys" ("id" varchar(36) not null, "user_id" varchar(36) not null, "credential_id" varchar(512) not null, "public_key" text not null, "counter" bigint not null default 0, "transports" varchar(200) not null default '[]', "name" varchar(100) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, constraint "passkeys_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_credential_id_unique" unique ("credential_id");`);
    this.addSql(
      `create table "passkey_challenges" ("challenge" varchar(128) not null, "purpose" varchar(20) not null, "user_id" varchar(36) null, "expires_at" timestamptz not null, constraint "passkey_challenges_pkey" primary key ("challenge"));`,
    );
    this.addSql(`create index "passkey_challenges_expires_at_index" on "passkey_challenges" ("expires_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "passkeys" cascade;`);
    this.addSql(`drop table if exists "passkey_challenges" cascade;`);
  }
}
