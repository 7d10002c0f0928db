import { Migration } from '@mikro-orm/migrations';

/** A transition table's tasks grouped by project (lower case), counted with `sign`. */
const grouped = (rows: string, sign: string) =>
  `select lower(project) as project, ${sign}count(*) as total, ${sign}count(*) filter (where status = 'Done') as done from ${rows} where project is not null group by 1`;

/** Adds the changes (`select project, total, done`) to the counts, in a trigger. */
const apply = (changes: string) => `insert into project_task_counts (project, total, done)
          select project, sum(total), sum(done) from (${changes}) d group by project having sum(total) <> 0 or sum(done) <> 0 order by project
          on conflict (project) do update set total = project_task_counts.total + excluded.total, done = project_task_counts.done + excluded.done;`;

/**
 * The tasks of each project kept per write (docs/DECISIONS.md, "Performance of the server"): the
 * projects panel of a manager or an admin, who may read every task, reads a row per project (the
 * project's name in lower case: tasks name their project regardless of case) instead of grouping
 * every task of the listed projects (200-280 ms at 100,000 tasks). Kept by statement triggers (one
 * upsert per statement, none when an update moves no count), so every writer (the services, a
 * rename's bulk update, the scale seed, a workspace import) keeps them exact.
 */
export class Migration20261201231000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "project_task_counts" ("project" text not null, "total" bigint not null default 0, "done" bigint not null default 0, constraint "project_task_counts_pkey" primary key ("project"));',
    );
    this.addSql(`insert into "project_task_counts" ("project", "total", "done") ${grouped('"tasks"', '')};`);
    this.addSql(`create function project_task_counts_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${apply(grouped('new_rows', ''))}
        elsif tg_op = 'DELETE' then
          ${apply(grouped('old_rows', '-'))}
        else
          ${apply(`${grouped('new_rows', '')} union all ${grouped('old_rows', '-')}`)}
        end if;
        return null;
      end $$;`);
    this.addSql(
      'create trigger project_task_counts_insert after insert on tasks referencing new table as new_rows for each statement execute function project_task_counts_change();',
    );
    this.addSql(
      'create trigger project_task_counts_update after update on tasks referencing old table as old_rows new table as new_rows for each statement execute function project_task_counts_change();',
    );
    this.addSql(
      'create trigger project_task_counts_delete after delete on tasks referencing old table as old_rows for each statement execute function project_task_counts_change();',
    );
  }

  override async down(): Promise<void> {
    for (const trigger of ['project_task_counts_insert', 'project_task_counts_update', 'project_task_counts_delete'])
      this.addSql(`drop trigger if exists ${trigger} on "tasks";`);
    this.addSql('drop function if exists project_task_counts_change();');
    this.addSql('drop table if exists "project_task_counts" cascade;');
  }
}
