import { Migration } from '@mikro-orm/migrations';

export class Migration20261123190523 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`audit_entries\` add column \`entity_version\` integer null;`);

    this.addSql(`alter table \`projects\` add column \`version\` integer not null default 1;`);

    this.addSql(`alter table \`subtasks\` add column \`version\` integer not null default 1;`);

    this.addSql(`alter table \`tasks\` add column \`version\` integer not null default 1;`);

    this.addSql(`alter table \`task_templates\` add column \`version\` integer not null default 1;`);
  }
}
