import { Migration } from '@mikro-orm/migrations';

/** Attachments on comments (read by comment id) and the personal data export (reads by uploader). */
export class Migration20261201214500 extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index `attachments_comment_id_index` on `attachments` (`comment_id`);');
    this.addSql('create index `attachments_uploaded_by_id_index` on `attachments` (`uploaded_by_id`);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists `attachments_comment_id_index`;');
    this.addSql('drop index if exists `attachments_uploaded_by_id_index`;');
  }
}
