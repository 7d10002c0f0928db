import { Migration } from '@mikro-orm/migrations';

/** Email-in addresses (api/modules/email-in): one per person, looked up by the hash of its token. */
export class Migration20261128010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`email_in_addresses\` (\`id\` text not null, \`user_id\` text not null, \`token_hash\` text not null, \`time_zone\` text not null default 'UTC', \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`email_in_addresses_user_id_unique\` on \`email_in_addresses\` (\`user_id\`);`);
    this.addSql(`create unique index \`email_in_addresses_token_hash_unique\` on \`email_in_addresses\` (\`token_hash\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`email_in_addresses\`;`);
  }
}
