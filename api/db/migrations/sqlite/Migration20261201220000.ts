import { Migration } from '@mikro-orm/migrations';

/**
 * Two-factor secrets are sealed at rest (api/auth/two-factor/two-factor.seal.ts). SQLite's text column
 * takes the longer sealed form as it is; the sealing itself needs SESSION_SECRET, so it happens at
 * start-up (two-factor.at-rest.ts), not here. Kept so both databases list the same step.
 */
export class Migration20261201220000 extends Migration {
  override async up(): Promise<void> {
    // Nothing to change in the schema.
  }
}
