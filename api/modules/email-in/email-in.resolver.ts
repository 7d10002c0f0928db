import { Ctx, Field, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import * as emailIn from './email-in.service.js';

@ObjectType({ description: 'The viewer’s private email-in address: mail sent or forwarded to it becomes a task for them' })
export class EmailInInfo {
  @Field(() => String, { nullable: true, description: 'tasks+<token>@<domain>, or null when the server offers no email-in' })
  address!: string | null;
}

/** GraphQL adapter of the email-in service. */
@Resolver()
export class EmailInResolver {
  @Query(() => EmailInInfo, { description: 'The viewer’s email-in address (created on first use; quick-add words are read in the request’s time zone)' })
  emailIn(@Ctx() ctx: ServiceContext): Promise<EmailInInfo> {
    return emailIn.emailInAddress(ctx);
  }

  @Mutation(() => EmailInInfo, { description: 'Replaces the viewer’s email-in address; mail to the old one is refused' })
  rotateEmailIn(@Ctx() ctx: ServiceContext): Promise<EmailInInfo> {
    return emailIn.rotateEmailInAddress(ctx);
  }
}
