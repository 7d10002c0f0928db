import { Migration } from '@mikro-orm/migrations';

export class Migration20261124030425 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`notifications\` (\`id\` text not null, \`user_id\` text not null, \`kind\` text not null, \`task_id\` text null, \`task_title\` text not null default '', \`message\` text not null, \`actor_id\` text null, \`dedupe_key\` text null, \`read_at\` datetime null, \`in_app\` integer not null default true, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`notifications_dedupe_key_unique\` on \`notifications\` (\`dedupe_key\`);`);
    this.addSql(`create index \`notifications_user_id_created_at_index\` on \`notifications\` (\`user_id\`, \`created_at\`);`);

    this.addSql(
      `create table \`notification_settings\` (\`user_id\` text not null, \`channels\` json null, \`time_zone\` text not null default 'UTC', \`updated_at\` datetime not null, primary key (\`user_id\`));`,
    );
  }
}
