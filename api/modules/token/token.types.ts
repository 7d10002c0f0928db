import { Field, ID, ObjectType } from 'type-graphql';

/** What createApiToken answers: the new token and its secret, which is never shown again. */
@ObjectType({ description: 'A token just created; `token` is shown only this once' })
export class NewApiToken {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'The secret (lwf_...): send it as Authorization: Bearer <token>. Store it now: it cannot be shown again' })
  token!: string;

  @Field(() => Date)
  createdAt!: Date;
}
