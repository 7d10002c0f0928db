import { Migration } from '@mikro-orm/migrations';

export class Migration20261123184834 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`users\` add column \`daily_capacity_hours\` double not null default 8;`);
  }
}
