import { Migration } from '@mikro-orm/migrations';

export class Migration20261124030406 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`api_tokens\` (\`id\` text not null, \`user_id\` text not null, \`name\` text not null, \`token_hash\` text not null, \`created_at\` datetime not null, \`last_used_at\` datetime null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`api_tokens_user_id_index\` on \`api_tokens\` (\`user_id\`);`);
    this.addSql(`create unique index \`api_tokens_token_hash_unique\` on \`api_tokens\` (\`token_hash\`);`);

    this.addSql(
      `create table \`calendar_feeds\` (\`id\` text not null, \`user_id\` text not null, \`time_zone\` text not null default 'UTC', \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`calendar_feeds_user_id_unique\` on \`calendar_feeds\` (\`user_id\`);`);
  }
}
