import { Migration } from '@mikro-orm/migrations';

export class Migration20261124113737 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`users\` add column \`theme\` text not null default 'system';`);
  }
}
