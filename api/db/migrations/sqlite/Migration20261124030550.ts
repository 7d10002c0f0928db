import { Migration } from '@mikro-orm/migrations';

export class Migration20261124030550 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`webhooks\` (\`id\` text not null, \`url\` text not null, \`secret\` text not null, \`events\` json not null, \`enabled\` integer not null default true, \`created_by_id\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );

    this.addSql(
      `create table \`webhook_deliveries\` (\`id\` text not null, \`webhook_id\` text not null, \`event_id\` text not null, \`event\` text not null, \`body\` text not null, \`status\` text not null default 'pending', \`attempt\` integer not null default 0, \`status_code\` integer null, \`duration_ms\` integer null, \`error\` text null, \`next_attempt_at\` double not null, \`claimed_until\` double null, \`claim_token\` text null, \`created_at\` datetime not null, \`last_attempt_at\` datetime null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`webhook_deliveries_webhook_id_created_at_index\` on \`webhook_deliveries\` (\`webhook_id\`, \`created_at\`);`);
    this.addSql(`create index \`webhook_deliveries_status_next_attempt_at_index\` on \`webhook_deliveries\` (\`status\`, \`next_attempt_at\`);`);

    this.addSql(
      `create table \`webhook_events\` (\`id\` text not null, \`event\` text not null, \`body\` text not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`webhook_events_created_at_index\` on \`webhook_events\` (\`created_at\`);`);
  }
}
