import { Migration } from '@mikro-orm/migrations';

export class Migration20261127163000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`audit_readers\` (\`entry_id\` text not null, \`user_id\` text not null, \`created_at\` datetime not null, primary key (\`entry_id\`, \`user_id\`));`,
    );
    this.addSql(`create index \`audit_readers_user_id_created_at_entry_id_index\` on \`audit_readers\` (\`user_id\`, \`created_at\`, \`entry_id\`);`);
    // Every existing entry's readers (its JSON list) become rows, once each.
    this.addSql(
      `insert or ignore into \`audit_readers\` (\`entry_id\`, \`user_id\`, \`created_at\`) select a.\`id\`, j.\`value\`, a.\`created_at\` from \`audit_entries\` a, json_each(case when json_valid(a.\`readers\`) and json_type(a.\`readers\`) = 'array' then a.\`readers\` else '[]' end) j where a.\`readers\` is not null and j.\`type\` = 'text';`,
    );

    this.addSql(`drop index \`audit_entries_created_at_index\`;`);
    this.addSql(`create index \`audit_entries_created_at_id_index\` on \`audit_entries\` (\`created_at\`, \`id\`);`);
  }
}
