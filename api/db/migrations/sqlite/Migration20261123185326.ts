import { Migration } from '@mikro-orm/migrations';

export class Migration20261123185326 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`audit_entries\` add column \`snapshot\` text null;`);
  }
}
