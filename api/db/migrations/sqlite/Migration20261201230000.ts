import { Migration } from '@mikro-orm/migrations';

/** The triggers that keep audit_counts in step (created by up, dropped by down). */
const COUNT_TRIGGERS = ['audit_counts_entry_insert', 'audit_counts_entry_delete'];

/**
 * The activity timeline's unfiltered totals kept per write (docs/DECISIONS.md, "Activity visibility and
 * day counts"): `all` counts every audit entry, `untasked` those without a task (a manager's total is
 * the difference), so that an admin's or manager's total reads two rows instead of counting a million
 * entries. Kept by triggers, so every writer (the services, the scale seed's bulk inserts, a
 * workspace import) keeps them exact. The task_id index gains the
 * entry id, so a member's entries of the tasks they can read come from the index alone (their total
 * read the whole log by a hash join on PostgreSQL).
 */
export class Migration20261201230000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table `audit_counts` (`scope` text not null primary key, `n` integer not null default 0);');
    this.addSql(
      "insert into `audit_counts` (`scope`, `n`) select 'all', count(*) from `audit_entries` union all select 'untasked', count(*) from `audit_entries` where `task_id` is null;",
    );
    this.addSql(`create trigger audit_counts_entry_insert after insert on audit_entries begin
      update audit_counts set n = n + 1 where scope = 'all' or (scope = 'untasked' and new.task_id is null);
    end;`);
    this.addSql(`create trigger audit_counts_entry_delete after delete on audit_entries begin
      update audit_counts set n = n - 1 where scope = 'all' or (scope = 'untasked' and old.task_id is null);
    end;`);
    this.addSql('drop index `audit_entries_task_id_created_at_index`;');
    this.addSql('create index `audit_entries_task_id_created_at_id_index` on `audit_entries` (`task_id`, `created_at`, `id`);');
  }

  override async down(): Promise<void> {
    for (const trigger of COUNT_TRIGGERS) this.addSql(`drop trigger if exists ${trigger};`);
    this.addSql('drop table if exists `audit_counts`;');
    this.addSql('drop index `audit_entries_task_id_created_at_id_index`;');
    this.addSql('create index `audit_entries_task_id_created_at_index` on `audit_entries` (`task_id`, `created_at`);');
  }
}
