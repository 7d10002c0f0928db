import { Migration } from '@mikro-orm/migrations';

export class Migration20261123185328 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "audit_entries" add column "snapshot" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "audit_entries" drop column "snapshot";`);
  }
}
