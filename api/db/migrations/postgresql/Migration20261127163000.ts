import { Migration } from '@mikro-orm/migrations';

export class Migration20261127163000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "audit_readers" ("entry_id" varchar(36) not null, "user_id" varchar(36) not null, "created_at" timestamptz not null, constraint "audit_readers_pkey" primary key ("entry_id", "user_id"));`,
    );
    this.addSql(`create index "audit_readers_user_id_created_at_entry_id_index" on "audit_readers" ("user_id", "created_at", "entry_id");`);
    // Every existing entry's readers (its JSON list) become rows, once each.
    this.addSql(
      `insert into "audit_readers" ("entry_id", "user_id", "created_at") select distinct a."id", r.value, a."created_at" from "audit_entries" a cross join lateral jsonb_array_elements_text(case when jsonb_typeof(a."readers") = 'array' then a."readers" else '[]'::jsonb end) as r(value) where a."readers" is not null on conflict do nothing;`,
    );

    this.addSql(`drop index "audit_entries_created_at_index";`);
    this.addSql(`create index "audit_entries_created_at_id_index" on "audit_entries" ("created_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_readers" cascade;`);

    this.addSql(`drop index "audit_entries_created_at_id_index";`);
    this.addSql(`create index "audit_entries_created_at_index" on "audit_entries" ("created_at");`);
  }
}
