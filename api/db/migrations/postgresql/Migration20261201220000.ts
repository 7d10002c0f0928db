import { Migration } from '@mikro-orm/migrations';

/** Two-factor secrets are sealed at rest (api/auth/two-factor/two-factor.seal.ts): the column takes the longer sealed form. */
export class Migration20261201220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "two_factor_logins" alter column "secret" type varchar(128) using ("secret"::varchar(128));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "two_factor_logins" alter column "secret" type varchar(64) using ("secret"::varchar(64));`);
  }
}
