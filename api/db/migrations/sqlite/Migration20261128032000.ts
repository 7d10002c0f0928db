import { Migration } from '@mikro-orm/migrations';

/** Single sign-on (api/auth/oidc): a person's subject at a provider, linked to their user. */
export class Migration20261128032000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`user_identities\` (\`id\` text not null, \`user_id\` text not null, \`issuer\` text not null, \`subject\` text not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`user_identities_user_id_index\` on \`user_identities\` (\`user_id\`);`);
    this.addSql(`create unique index \`user_identities_issuer_subject_unique\` on \`user_identities\` (\`issuer\`, \`subject\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`user_identities\`;`);
  }
}
