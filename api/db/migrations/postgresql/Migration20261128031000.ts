import { Migration } from '@mikro-orm/migrations';

/** Two-factor sign-in (api/auth/two-factor): each person's TOTP secret, state, hashed recovery codes and last used time step. */
export class Migration20261128031000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "two_factor_logins" ("user_id" varchar(36) not null, "secret" varchar(64) not null, "enabled" boolean not null default false, "last_time_step" int null, "recovery_codes" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "two_factor_logins_pkey" primary key ("user_id"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "two_factor_logins" cascade;`);
  }
}
