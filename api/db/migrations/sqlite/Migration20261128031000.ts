import { Migration } from '@mikro-orm/migrations';

/** Two-factor sign-in (api/auth/two-factor): each person's TOTP secret, state, hashed recovery codes and last used time step. */
export class Migration20261128031000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`two_factor_logins\` (\`user_id\` text not null, \`secret\` text not null, \`enabled\` integer not null default false, \`last_time_step\` integer null, \`recovery_codes\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`user_id\`));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`two_factor_logins\`;`);
  }
}
