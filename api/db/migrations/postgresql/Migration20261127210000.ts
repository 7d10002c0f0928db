import { Migration } from '@mikro-orm/migrations';

/**
 * The next occurrence of a repeating task keeps the task whose completion created it
 * (`tasks.repeated_from_task_id`, docs/DECISIONS.md, "Undo, restore from history, repeating tasks"),
 * so a reopening finds it by key. Existing occurrences get it from their creation's audit entry
 * ("Next occurrence of repeating task ...", whose new values name `repeatedFromTaskId`; the audit
 * service writes them with JSON.stringify, so they parse as jsonb).
 */
export class Migration20261127210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "tasks" add column "repeated_from_task_id" varchar(36) null;');
    this.addSql('create index "tasks_repeated_from_task_id_index" on "tasks" ("repeated_from_task_id");');
    this.addSql(`update "tasks" t set "repeated_from_task_id" = s.from_id
    from (
      select distinct on (a.task_id) a.task_id, a.new_values::jsonb ->> 'repeatedFromTaskId' as from_id
      from "audit_entries" a
      where a.entity_type = 'task' and a.action = 'created' and a.task_id is not null
        and a.description like 'Next occurrence of repeating task %' and a.new_values like '%"repeatedFromTaskId"%'
      order by a.task_id, a.created_at, a.id
    ) s
    where t.id = s.task_id and s.from_id is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "tasks_repeated_from_task_id_index";');
    this.addSql('alter table "tasks" drop column "repeated_from_task_id";');
  }
}
