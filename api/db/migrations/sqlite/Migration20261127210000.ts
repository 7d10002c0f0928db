import { Migration } from '@mikro-orm/migrations';

/**
 * The next occurrence of a repeating task keeps the task whose completion created it
 * (`tasks.repeated_from_task_id`, docs/DECISIONS.md, "Undo, restore from history, repeating tasks"),
 * so a reopening finds it by key. Existing occurrences get it from their creation's audit entry
 * ("Next occurrence of repeating task ...", whose new values name `repeatedFromTaskId`), read with
 * SQLite's JSON functions; an entry whose values are not valid JSON fills nothing.
 */
export class Migration20261127210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `tasks` add column `repeated_from_task_id` text null;');
    this.addSql('create index `tasks_repeated_from_task_id_index` on `tasks` (`repeated_from_task_id`);');
    this.addSql(`update \`tasks\` set \`repeated_from_task_id\` = (
      select case when json_valid(a.new_values) then json_extract(a.new_values, '$.repeatedFromTaskId') end
      from \`audit_entries\` a
      where a.task_id = \`tasks\`.id and a.entity_type = 'task' and a.action = 'created'
        and a.description like 'Next occurrence of repeating task %' and a.new_values like '%"repeatedFromTaskId"%'
      order by a.created_at, a.id limit 1
    )
    where \`id\` in (
      select task_id from \`audit_entries\`
      where entity_type = 'task' and action = 'created'
        and description like 'Next occurrence of repeating task %' and new_values like '%"repeatedFromTaskId"%'
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists `tasks_repeated_from_task_id_index`;');
    this.addSql('alter table `tasks` drop column `repeated_from_task_id`;');
  }
}
