import { Migration } from '@mikro-orm/migrations';

/**
 * The manager dashboard's listed tasks (docs/DECISIONS.md, "Manager dashboard in SQL"): each person's
 * most recently updated tasks, and each status's, are the first entries of an index walk that stops
 * after a few, whatever the number of people, statuses or tasks.
 */
export class Migration20261127200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "tasks_assigned_to_id_updated_at_desc_id_index" on "tasks" ("assigned_to_id", "updated_at" desc, "id");');
    this.addSql('create index "tasks_status_updated_at_desc_id_index" on "tasks" ("status", "updated_at" desc, "id");');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "tasks_assigned_to_id_updated_at_desc_id_index";');
    this.addSql('drop index if exists "tasks_status_updated_at_desc_id_index";');
  }
}
