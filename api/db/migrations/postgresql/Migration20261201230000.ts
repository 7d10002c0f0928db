import { Migration } from '@mikro-orm/migrations';

/**
 * The activity timeline's unfiltered totals kept per write (docs/DECISIONS.md, "Activity visibility and
 * day counts"): `all` counts every audit entry, `untasked` those without a task (a manager's total is
 * the difference), so that an admin's or manager's total reads two rows instead of counting a million
 * entries (170-300 ms on PostgreSQL even from an index). Kept by statement triggers (one update per
 * insert statement), so every writer (the services, the scale seed's bulk inserts, a workspace import)
 * keeps them exact. The task_id index gains the entry id, so a member's entries of the tasks they can
 * read come from the index alone (their total read the whole log by a hash join on PostgreSQL).
 */
export class Migration20261201230000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "audit_counts" ("scope" varchar(36) not null, "n" bigint not null default 0, constraint "audit_counts_pkey" primary key ("scope"));',
    );
    this.addSql(
      `insert into "audit_counts" ("scope", "n") select 'all', count(*) from "audit_entries" union all select 'untasked', count(*) from "audit_entries" where "task_id" is null;`,
    );
    this.addSql(`create function audit_counts_entries() returns trigger language plpgsql as $$
      declare
        d bigint := case when tg_op = 'INSERT' then 1 else -1 end;
        total bigint;
        untasked bigint;
      begin
        if tg_op = 'INSERT' then
          select count(*), count(*) filter (where task_id is null) into total, untasked from new_rows;
        else
          select count(*), count(*) filter (where task_id is null) into total, untasked from old_rows;
        end if;
        if total > 0 then
          update audit_counts set n = n + d * (case when scope = 'all' then total else untasked end)
            where scope = 'all' or (scope = 'untasked' and untasked > 0);
        end if;
        return null;
      end $$;`);
    this.addSql(
      'create trigger audit_counts_entry_insert after insert on audit_entries referencing new table as new_rows for each statement execute function audit_counts_entries();',
    );
    this.addSql(
      'create trigger audit_counts_entry_delete after delete on audit_entries referencing old table as old_rows for each statement execute function audit_counts_entries();',
    );
    this.addSql('drop index "audit_entries_task_id_created_at_index";');
    this.addSql('create index "audit_entries_task_id_created_at_id_index" on "audit_entries" ("task_id", "created_at", "id");');
  }

  override async down(): Promise<void> {
    for (const trigger of ['audit_counts_entry_insert', 'audit_counts_entry_delete']) this.addSql(`drop trigger if exists ${trigger} on "audit_entries";`);
    this.addSql('drop function if exists audit_counts_entries();');
    this.addSql('drop table if exists "audit_counts" cascade;');
    this.addSql('drop index "audit_entries_task_id_created_at_id_index";');
    this.addSql('create index "audit_entries_task_id_created_at_index" on "audit_entries" ("task_id", "created_at");');
  }
}
