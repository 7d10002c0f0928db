import { Migration } from '@mikro-orm/migrations';

/** Who must use two-factor sign-in (api/auth/two-factor, Admin › Security): one row for the workspace. */
export class Migration20261128031500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`two_factor_requirements\` (\`id\` text not null, \`required\` text not null default 'off', \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`two_factor_requirements\`;`);
  }
}
