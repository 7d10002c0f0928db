import { Migration } from '@mikro-orm/migrations';

/**
 * Keyset pages of the planner's order (newest created first, then id; docs/DECISIONS.md, "Keyset
 * pages for the tasks connection"): a page starts in the index at the last task read instead of
 * re-walking the ones before it, for everyone (created_at, id) and along each of a person's two
 * ownership conditions (assignee, creator), so a member's or a team's tasks are two index walks.
 */
export class Migration20261127174000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "tasks_created_at_desc_id_index" on "tasks" ("created_at" desc, "id");');
    this.addSql('create index "tasks_assigned_to_id_created_at_desc_id_index" on "tasks" ("assigned_to_id", "created_at" desc, "id");');
    this.addSql('create index "tasks_created_by_id_created_at_desc_id_index" on "tasks" ("created_by_id", "created_at" desc, "id");');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "tasks_created_at_desc_id_index";');
    this.addSql('drop index if exists "tasks_assigned_to_id_created_at_desc_id_index";');
    this.addSql('drop index if exists "tasks_created_by_id_created_at_desc_id_index";');
  }
}
