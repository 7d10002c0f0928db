import { Field, ObjectType } from 'type-graphql';

/** The `viewerCan` field of every editable type: what the viewer may do, from that module's policy. */
@ObjectType({ description: 'What the viewer may do to the object, from the server-side policy' })
export class ViewerCan {
  @Field(() => Boolean) update!: boolean;
  @Field(() => Boolean) delete!: boolean;
}
