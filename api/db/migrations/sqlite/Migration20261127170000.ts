import { Migration } from '@mikro-orm/migrations';

/**
 * Search through an index (docs/DECISIONS.md, "Search"): FTS5 tables with the trigram tokenizer, which
 * answer the same case-insensitive substring question as `like '%q%'` from an index, kept in step with
 * the tasks and the comments by triggers, and filled from the rows already there.
 */
export class Migration20261127170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create virtual table task_search using fts5(task_id unindexed, title, description, project, tags, tokenize = 'trigram');`);
    this.addSql(`insert into task_search (task_id, title, description, project, tags) select id, title, description, project, tags from tasks;`);
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
    this.addSql(`create virtual table comment_search using fts5(comment_id unindexed, task_id unindexed, content, tokenize = 'trigram');`);
    this.addSql(`insert into comment_search (comment_id, task_id, content) select id, task_id, content from task_comments where is_internal = 0;`);
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

  override async down(): Promise<void> {
    for (const trigger of [
      'task_search_insert',
      'task_search_update',
      'task_search_delete',
      'comment_search_insert',
      'comment_search_update',
      'comment_search_delete',
    ]) {
      this.addSql(`drop trigger if exists ${trigger};`);
    }
    this.addSql('drop table if exists task_search;');
    this.addSql('drop table if exists comment_search;');
  }
}
