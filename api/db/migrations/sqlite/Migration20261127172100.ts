import { Migration } from '@mikro-orm/migrations';

/**
 * The manager dashboard in SQL (docs/DECISIONS.md, "Manager dashboard in SQL"): its counts per assignee
 * and status, and each (assignee, status) pair's most recent tasks, read from one index without the
 * rows; the Today and Slippage tabs' scheduled tasks per assignee from another.
 */
export class Migration20261127172100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create index `tasks_assigned_to_id_status_updated_at_id_due_date_index` on `tasks` (`assigned_to_id`, `status`, `updated_at`, `id`, `due_date`);',
    );
    this.addSql('create index `tasks_assigned_to_id_scheduled_date_index` on `tasks` (`assigned_to_id`, `scheduled_date`);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists `tasks_assigned_to_id_status_updated_at_id_due_date_index`;');
    this.addSql('drop index if exists `tasks_assigned_to_id_scheduled_date_index`;');
  }
}
