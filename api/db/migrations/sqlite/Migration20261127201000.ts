import { Migration } from '@mikro-orm/migrations';

/** The triggers that keep the search tables in step (replaced by up, restored by down). */
const SEARCH_TRIGGERS = [
  'task_search_insert',
  'task_search_update',
  'task_search_delete',
  'comment_search_insert',
  'comment_search_update',
  'comment_search_delete',
];

/**
 * The search tables' rows found by key when a task or a comment changes (docs/DECISIONS.md, "Search"):
 * an FTS5 table indexes only its text, so the triggers' `delete ... where task_id = old.id` read every
 * row of it (a title edit at 100,000 tasks took about 200 ms, deleting a task once more per comment).
 * A plain table now maps each task and each public comment to its search row's rowid, written by the
 * same triggers, and filled from the rows already there.
 */
export class Migration20261127201000 extends Migration {
  override async up(): Promise<void> {
    for (const trigger of SEARCH_TRIGGERS) this.addSql(`drop trigger if exists ${trigger};`);
    this.addSql('create table task_search_rows (task_id text not null primary key, search_rowid integer not null);');
    this.addSql('insert or replace into task_search_rows (task_id, search_rowid) select task_id, rowid from task_search order by rowid;');
    this.addSql(`create trigger task_search_insert after insert on tasks begin
      insert into task_search (task_id, title, description, project, tags) values (new.id, new.title, new.description, new.project, new.tags);
      insert or replace into task_search_rows (task_id, search_rowid) values (new.id, last_insert_rowid());
    end;`);
    this.addSql(`create trigger task_search_update after update of title, description, project, tags on tasks begin
      delete from task_search where rowid = (select search_rowid from task_search_rows where task_id = old.id);
      insert into task_search (task_id, title, description, project, tags) values (new.id, new.title, new.description, new.project, new.tags);
      insert or replace into task_search_rows (task_id, search_rowid) values (new.id, last_insert_rowid());
    end;`);
    this.addSql(`create trigger task_search_delete after delete on tasks begin
      delete from task_search where rowid = (select search_rowid from task_search_rows where task_id = old.id);
      delete from task_search_rows where task_id = old.id;
    end;`);
    this.addSql('create table comment_search_rows (comment_id text not null primary key, search_rowid integer not null);');
    this.addSql('insert or replace into comment_search_rows (comment_id, search_rowid) select comment_id, rowid from comment_search order by rowid;');
    this.addSql(`create trigger comment_search_insert after insert on task_comments when new.is_internal = 0 begin
      insert into comment_search (comment_id, task_id, content) values (new.id, new.task_id, new.content);
      insert or replace into comment_search_rows (comment_id, search_rowid) values (new.id, last_insert_rowid());
    end;`);
    this.addSql(`create trigger comment_search_update after update of content, is_internal, task_id on task_comments begin
      delete from comment_search where rowid = (select search_rowid from comment_search_rows where comment_id = old.id);
      delete from comment_search_rows where comment_id = old.id;
      insert into comment_search (comment_id, task_id, content) select new.id, new.task_id, new.content where new.is_internal = 0;
      insert into comment_search_rows (comment_id, search_rowid) select new.id, last_insert_rowid() where new.is_internal = 0;
    end;`);
    this.addSql(`create trigger comment_search_delete after delete on task_comments begin
      delete from comment_search where rowid = (select search_rowid from comment_search_rows where comment_id = old.id);
      delete from comment_search_rows where comment_id = old.id;
    end;`);
  }

  override async down(): Promise<void> {
    for (const trigger of SEARCH_TRIGGERS) this.addSql(`drop trigger if exists ${trigger};`);
    this.addSql('drop table if exists task_search_rows;');
    this.addSql('drop table if exists comment_search_rows;');
    this.addSql(`create trigger task_search_insert after insert on tasks begin
      insert into task_search (task_id, title, description, project, tags) values (new.id, new.title, new.description, new.project, new.tags);
    end;`);
    this.addSql(`create trigger task_search_update after update of title, description, project, tags on tasks begin
      delete from task_search where task_id = old.id;
      insert into task_search (task_id, title, description, project, tags) values (new.id, new.title, new.description, new.project, new.tags);
    end;`);
    this.addSql(`create trigger task_search_delete after delete on tasks begin
      delete from task_search where task_id = old.id;
    end;`);
    this.addSql(`create trigger comment_search_insert after insert on task_comments when new.is_internal = 0 begin
      insert into comment_search (comment_id, task_id, content) values (new.id, new.task_id, new.content);
    end;`);
    this.addSql(`create trigger comment_search_update after update of content, is_internal, task_id on task_comments begin
      delete from comment_search where comment_id = old.id;
      insert into comment_search (comment_id, task_id, content) select new.id, new.task_id, new.content where new.is_internal = 0;
    end;`);
    this.addSql(`create trigger comment_search_delete after delete on task_comments begin
      delete from comment_search where comment_id = old.id;
    end;`);
  }
}
