import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Who must use two-factor sign-in (Admin › Security): one row for the workspace; no row means nobody. */
@Entity({ tableName: 'two_factor_requirements' })
export class TwoFactorRequirement {
  /** Always 'workspace'. */
  @PrimaryKey({ type: 'string', length: 20 })
  id: string = 'workspace';

  /** 'off', 'admins' or 'everyone' (TWO_FACTOR_REQUIREMENTS). */
  @Property({ type: 'string', length: 20, default: 'off' })
  required: string = 'off';

  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}
