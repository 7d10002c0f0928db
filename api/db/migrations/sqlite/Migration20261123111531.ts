import { Migration } from '@mikro-orm/migrations';

export class Migration20261123111531 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index \`tasks_scheduled_date_index\` on \`tasks\` (\`scheduled_date\`);`);
    this.addSql(`create index \`tasks_created_at_index\` on \`tasks\` (\`created_at\`);`);
  }
}
