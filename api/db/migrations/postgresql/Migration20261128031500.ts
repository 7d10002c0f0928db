import { Migration } from '@mikro-orm/migrations';

/** Who must use two-factor sign-in (api/auth/two-factor, Admin › Security): one row for the workspace. */
export class Migration20261128031500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "two_factor_requirements" ("id" varchar(20) not null, "required" varchar(20) not null default 'off', "updated_at" timestamptz not null, constraint "two_factor_requirements_pkey" primary key ("id"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "two_factor_requirements" cascade;`);
  }
}
