import { Migration } from '@mikro-orm/migrations';

/** Passkeys (api/auth/passkeys): people's WebAuthn credentials, and the challenges handed out for them (each used once). */
export class Migration20261201213000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`passkeys\` (\`id\` text not null, \`user_id\` text not null, \`credential_id\` text not null, \`public_key\` text not null, \`counter\` bigint not null default 0, \`transports\` text not null default '[]', \`name\` text not null, \`created_at\` datetime not null, \`last_used_at\` datetime null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`passkeys_user_id_index\` on \`passkeys\` (\`user_id\`);`);
    this.addSql(`create unique index \`passkeys_credential_id_unique\` on \`passkeys\` (\`credential_id\`);`);
    this.addSql(
      `create table \`passkey_challenges\` (\`challenge\` text not null, \`purpose\` text not null, \`user_id\` text null, \`expires_at\` datetime not null, primary key (\`challenge\`));`,
    );
    this.addSql(`create index \`passkey_challenges_expires_at_index\` on \`passkey_challenges\` (\`expires_at\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`passkeys\`;`);
    this.addSql(`drop table if exists \`passkey_challenges\`;`);
  }
}
