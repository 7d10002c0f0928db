import { Migration } from '@mikro-orm/migrations';

/** The triggers that keep project_task_counts in step (created by up, dropped by down). */
const COUNT_TRIGGERS = ['project_task_counts_insert', 'project_task_counts_update', 'project_task_counts_delete'];

/** Adds one task (new) to its project's counts, in a trigger. */
const ADD = `insert into project_task_counts (project, total, done) select lower(new.project), 1, new.status = 'Done' where new.project is not null
      on conflict (project) do update set total = total + 1, done = done + excluded.done;`;
/** Takes one task (old) from its project's counts, in a trigger. */
const TAKE = `update project_task_counts set total = total - 1, done = done - (old.status = 'Done') where old.project is not null and project = lower(old.project);`;

/**
 * The tasks of each project kept per write (docs/DECISIONS.md, "Performance of the server"): the
 * projects panel of a manager or an admin, who may read every task, reads a row per project (the
 * project's name in lower case: tasks name their project regardless of case) instead of grouping
 * every task of the listed projects. Kept by triggers, so every writer (the services, a rename's
 * bulk update, the scale seed, a workspace import) keeps them exact.
 */
export class Migration20261201231000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table `project_task_counts` (`project` text not null primary key, `total` integer not null default 0, `done` integer not null default 0);',
    );
    this.addSql(
      "insert into `project_task_counts` (`project`, `total`, `done`) select lower(`project`), count(*), sum(`status` = 'Done') from `tasks` where `project` is not null group by lower(`project`);",
    );
    this.addSql(`create trigger project_task_counts_insert after insert on tasks begin
      ${ADD}
    end;`);
    this.addSql(`create trigger project_task_counts_update after update of project, status on tasks begin
      ${TAKE}
      ${ADD}
    end;`);
    this.addSql(`create trigger project_task_counts_delete after delete on tasks begin
      ${TAKE}
    end;`);
  }

  override async down(): Promise<void> {
    for (const trigger of COUNT_TRIGGERS) this.addSql(`drop trigger if exists ${trigger};`);
    this.addSql('drop table if exists `project_task_counts`;');
  }
}
