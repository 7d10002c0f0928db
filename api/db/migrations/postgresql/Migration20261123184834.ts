import { Migration } from '@mikro-orm/migrations';

export class Migration20261123184834 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "daily_capacity_hours" double precision not null default 8;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "daily_capacity_hours";`);
  }
}
