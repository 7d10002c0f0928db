import { Field, ObjectType } from 'type-graphql';

/** What the admin health card shows: whether the server can answer and how it is deployed. */
@ObjectType({ description: 'Readiness of this server (admins only)' })
export class SystemStatus {
  @Field(() => Boolean, { description: 'True when the database and (when used) Redis answered just now' })
  ready!: boolean;

  @Field(() => Boolean, { description: 'True when the database answered a query just now' })
  databaseReachable!: boolean;

  @Field(() => Boolean, { nullable: true, description: 'True when Redis answered a ping just now; null when the server does not use Redis' })
  redisReachable!: boolean | null;

  @Field(() => String, { description: 'sqlite or postgresql' })
  database!: string;

  @Field(() => String, { description: 'in-process (one server) or redis (several servers share events)' })
  liveUpdates!: string;

  @Field(() => Date, { description: 'When the check ran' })
  checkedAt!: Date;
}
