import { Migration } from '@mikro-orm/migrations';

/** Single sign-on (api/auth/oidc): a person's subject at a provider, linked to their user. */
export class Migration20261128032000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "user_identities" ("id" varchar(36) not null, "user_id" varchar(36) not null, "issuer" varchar(255) not null, "subject" varchar(255) not null, "created_at" timestamptz not null, constraint "user_identities_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "user_identities_user_id_index" on "user_identities" ("user_id");`);
    this.addSql(`alter table "user_identities" add constraint "user_identities_issuer_subject_unique" unique ("issuer", "subject");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "user_identities" cascade;`);
  }
}
