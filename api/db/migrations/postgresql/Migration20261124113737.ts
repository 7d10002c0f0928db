import { Migration } from '@mikro-orm/migrations';

export class Migration20261124113737 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "theme" varchar(10) not null default 'system';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "theme";`);
  }
}
