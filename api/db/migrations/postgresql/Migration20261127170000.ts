import { Migration } from '@mikro-orm/migrations';

/**
 * Search through an index (docs/DECISIONS.md, "Search"): trigram GIN indexes (pg_trgm) on the very
 * expressions the search filter compares with `like '%q%'`, so the same query is answered from them.
 */
export class Migration20261127170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm;');
    for (const column of ['title', 'description', 'project', 'tags']) {
      this.addSql(`create index if not exists "tasks_${column}_search" on "tasks" using gin (lower(cast("${column}" as text)) gin_trgm_ops);`);
    }
    this.addSql(
      `create index if not exists "task_comments_content_search" on "task_comments" using gin (lower("content") gin_trgm_ops) where not "is_internal";`,
    );
  }

  override async down(): Promise<void> {
    for (const column of ['title', 'description', 'project', 'tags']) this.addSql(`drop index if exists "tasks_${column}_search";`);
    this.addSql('drop index if exists "task_comments_content_search";');
  }
}
