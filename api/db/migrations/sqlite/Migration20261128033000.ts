import { Migration } from '@mikro-orm/migrations';

/** Task attachments (api/modules/attachment): one row per reference to a stored file, named by its SHA-256. */
export class Migration20261128033000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`attachments\` (\`id\` text not null, \`task_id\` text not null, \`comment_id\` text null, \`name\` text not null, \`size\` integer not null, \`content_type\` text not null, \`sha256\` text not null, \`uploaded_by_id\` text not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`attachments_sha256_index\` on \`attachments\` (\`sha256\`);`);
    this.addSql(`create index \`attachments_task_id_created_at_index\` on \`attachments\` (\`task_id\`, \`created_at\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`attachments\`;`);
  }
}
