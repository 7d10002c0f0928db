import { Field, InputType, ObjectType } from 'type-graphql';
import { ApiToken } from '../modules/token/token.entity.js';

/** GraphQL input of changePassword. */
@InputType()
export class ChangePasswordInput {
  @Field(() => String, { description: 'The password the person signs in with now' })
  currentPassword!: string;

  @Field(() => String, { description: '8 to 128 characters, different from the current one' })
  newPassword!: string;
}

/** What changePassword answers: the person's API tokens, which still work, so they can revoke any they no longer trust. */
@ObjectType({ description: 'A password change: the other sessions are signed out; API tokens keep working and are listed here' })
export class PasswordChange {
  @Field(() => [ApiToken], { description: 'The person’s API tokens, newest first (not revoked by the change)' })
  apiTokens!: ApiToken[];
}
