import { Migration } from '@mikro-orm/migrations';

/** @mentions (issue 42): a notification about a comment keeps the comment's id, so it opens the task at it. */
export class Migration20261128035000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `notifications` add column `comment_id` text null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table `notifications` drop column `comment_id`;');
  }
}
