import { Migration } from '@mikro-orm/migrations';

/** Security events (api/auth/sessions): sign-ins, refused sign-ins, sign-outs and sign-in changes, with address and User-Agent. */
export class Migration20261128041500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`security_events\` (\`id\` text not null, \`kind\` text not null, \`user_id\` text null, \`actor_id\` text null, \`username\` text null, \`detail\` text not null default '', \`ip\` text not null default '', \`user_agent\` text not null default '', \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`security_events_user_id_index\` on \`security_events\` (\`user_id\`);`);
    this.addSql(`create index \`security_events_created_at_id_index\` on \`security_events\` (\`created_at\`, \`id\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`security_events\`;`);
  }
}
