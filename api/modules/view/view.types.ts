import { Field, ID, ObjectType } from 'type-graphql';

/** A saved view's date filter (dates as sent: 'yyyy-MM-dd' or ISO date-time). */
@ObjectType()
export class TaskViewDateRange {
  @Field(() => String, { nullable: true }) start?: string | null;
  @Field(() => String, { nullable: true }) end?: string | null;
}

/** A saved view's filters (each a list; the listing uses at most one value per field). */
@ObjectType()
export class TaskViewFiltersType {
  @Field(() => [String]) projects!: string[];
  @Field(() => [String]) statuses!: string[];
  @Field(() => [String]) tags!: string[];
  @Field(() => [ID]) assignees!: string[];
  @Field(() => [String]) categories!: string[];
  @Field(() => [String]) priorities!: string[];
  @Field(() => TaskViewDateRange, { nullable: true }) dateRange?: TaskViewDateRange | null;
  @Field(() => String, { nullable: true }) search?: string | null;
  @Field(() => String, { nullable: true }) timeSpent?: string | null;
}

/** The GraphQL shape of a saved Task Listing view (the TaskView entity is served through it). */
@ObjectType('TaskView')
export class TaskViewType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => TaskViewFiltersType) filters!: TaskViewFiltersType;
  @Field(() => [String]) columns!: string[];
  @Field(() => String) sortBy!: string;
  @Field(() => String) sortOrder!: string;
  @Field(() => Boolean) isPublic!: boolean;
  @Field(() => [ID]) sharedWith!: string[];
  @Field(() => ID) createdById!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}
