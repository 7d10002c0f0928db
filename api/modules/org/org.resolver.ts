import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import { User } from '../user/user.entity.js';
import { OrgFunction, Team, TeamMember } from './org.entity.js';
import { FunctionInput, TeamInput } from './org.inputs.js';
import * as org from './org.service.js';

const userOf = (ctx: ServiceContext, id: string | null): Promise<User | null> => (id ? ctx.loaders.user.load(id) : Promise.resolve(null));

/** GraphQL adapter of the organisation service: functions. */
@Resolver(() => OrgFunction)
export class OrgFunctionResolver {
  @Query(() => [OrgFunction])
  functions(@Ctx() ctx: ServiceContext): Promise<OrgFunction[]> {
    return org.listFunctions(ctx);
  }

  @Mutation(() => OrgFunction, { description: 'Admins only' })
  createFunction(@Ctx() ctx: ServiceContext, @Arg('input', () => FunctionInput) input: FunctionInput): Promise<OrgFunction> {
    return org.createFunction(ctx, { ...input });
  }

  @Mutation(() => OrgFunction, { description: 'Admins only' })
  updateFunction(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('input', () => FunctionInput) input: FunctionInput): Promise<OrgFunction> {
    return org.updateFunction(ctx, id, { ...input });
  }

  @FieldResolver(() => User, { nullable: true })
  head(@Root() fn: OrgFunction, @Ctx() ctx: ServiceContext): Promise<User | null> {
    return userOf(ctx, fn.headId);
  }

  @FieldResolver(() => [Team])
  teams(@Root() fn: OrgFunction, @Ctx() ctx: ServiceContext): Promise<Team[]> {
    return org.listTeams(ctx, fn.id);
  }
}

/** GraphQL adapter of the organisation service: teams. */
@Resolver(() => Team)
export class TeamResolver {
  @Query(() => [Team])
  teams(@Ctx() ctx: ServiceContext, @Arg('functionId', () => ID, { nullable: true }) functionId: string | null): Promise<Team[]> {
    return org.listTeams(ctx, functionId);
  }

  @Mutation(() => Team, { description: 'Admins only' })
  createTeam(@Ctx() ctx: ServiceContext, @Arg('input', () => TeamInput) input: TeamInput): Promise<Team> {
    return org.createTeam(ctx, { ...input });
  }

  @Mutation(() => Team, { description: 'Admins only' })
  updateTeam(@Ctx() ctx: ServiceContext, @Arg('id', () => ID) id: string, @Arg('input', () => TeamInput) input: TeamInput): Promise<Team> {
    return org.updateTeam(ctx, id, { ...input });
  }

  @FieldResolver(() => OrgFunction, { nullable: true })
  function(@Root() team: Team, @Ctx() ctx: ServiceContext): Promise<OrgFunction | null> {
    return ctx.em.findOne(OrgFunction, { id: team.functionId });
  }

  @FieldResolver(() => User, { nullable: true })
  manager(@Root() team: Team, @Ctx() ctx: ServiceContext): Promise<User | null> {
    return userOf(ctx, team.managerId);
  }

  @FieldResolver(() => [TeamMember])
  members(@Root() team: Team, @Ctx() ctx: ServiceContext): Promise<TeamMember[]> {
    return org.listTeamMembers(ctx, { teamId: team.id });
  }
}

/** GraphQL adapter of the organisation service: team memberships. */
@Resolver(() => TeamMember)
export class TeamMemberResolver {
  @Query(() => [TeamMember])
  teamMembers(
    @Ctx() ctx: ServiceContext,
    @Arg('teamId', () => ID, { nullable: true }) teamId: string | null,
    @Arg('userId', () => ID, { nullable: true }) userId: string | null,
  ): Promise<TeamMember[]> {
    return org.listTeamMembers(ctx, { teamId, userId });
  }

  @Mutation(() => TeamMember, { description: 'Admins only' })
  addTeamMember(@Ctx() ctx: ServiceContext, @Arg('teamId', () => ID) teamId: string, @Arg('userId', () => ID) userId: string): Promise<TeamMember> {
    return org.addTeamMember(ctx, { teamId, userId });
  }

  @Mutation(() => ID, { description: 'Admins only; by membership id, or by teamId and userId' })
  removeTeamMember(
    @Ctx() ctx: ServiceContext,
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Arg('teamId', () => ID, { nullable: true }) teamId: string | null,
    @Arg('userId', () => ID, { nullable: true }) userId: string | null,
  ): Promise<string> {
    return org.removeTeamMember(ctx, { id, teamId, userId });
  }

  @FieldResolver(() => User, { nullable: true })
  user(@Root() member: TeamMember, @Ctx() ctx: ServiceContext): Promise<User | null> {
    return userOf(ctx, member.userId);
  }

  @FieldResolver(() => Team, { nullable: true })
  team(@Root() member: TeamMember, @Ctx() ctx: ServiceContext): Promise<Team | null> {
    return ctx.em.findOne(Team, { id: member.teamId });
  }
}
