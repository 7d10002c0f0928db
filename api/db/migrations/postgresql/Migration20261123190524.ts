import { Migration } from '@mikro-orm/migrations';

export class Migration20261123190524 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "audit_entries" add column "entity_version" int null;`);

    this.addSql(`alter table "projects" add column "version" int not null default 1;`);

    this.addSql(`alter table "subtasks" add column "version" int not null default 1;`);

    this.addSql(`alter table "tasks" add column "version" int not null default 1;`);

    this.addSql(`alter table "task_templates" add column "version" int not null default 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "audit_entries" drop column "entity_version";`);

    this.addSql(`alter table "projects" drop column "version";`);

    this.addSql(`alter table "subtasks" drop column "version";`);

    this.addSql(`alter table "task_templates" drop column "version";`);

    this.addSql(`alter table "tasks" drop column "version";`);
  }
}
