import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput, conflict, notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { diffFields, presentFields, snapshot } from '../audit/audit.diff.js';
import { User } from '../user/user.entity.js';
import { assertActiveUserWithRole, displayName } from '../user/user.service.js';
import { OrgFunction, Team, TeamMember } from './org.entity.js';
import { parseFunctionFields, parseTeamFields } from './org.inputs.js';
import { assertCanManageOrganisation, FUNCTION_HEAD_ROLES, TEAM_MANAGER_ROLES } from './org.policy.js';

export const FUNCTION_AUDIT_FIELDS = ['name', 'description', 'color', 'headId', 'isActive'] as const satisfies readonly (keyof OrgFunction)[];
export const TEAM_AUDIT_FIELDS = [
  'name',
  'description',
  'functionId',
  'managerId',
  'color',
  'skillCategories',
  'isActive',
] as const satisfies readonly (keyof Team)[];

const assign = (target: object, fields: object) => {
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (target as Record<string, unknown>)[key] = value;
};

// ---- functions ----

/** Every function, by name (everyone signed in). */
export async function listFunctions(ctx: ServiceContext): Promise<OrgFunction[]> {
  requireActor(ctx);
  return ctx.em.find(OrgFunction, {}, { orderBy: { name: 'asc', id: 'asc' } });
}

export async function getFunction(ctx: ServiceContext, functionId: string): Promise<OrgFunction> {
  requireActor(ctx);
  const fn = v.lookupId('Function id', functionId) ? await ctx.em.findOne(OrgFunction, { id: functionId }) : null;
  if (!fn) throw notFound('Function');
  return fn;
}

const assertHead = (ctx: ServiceContext, headId: string) =>
  assertActiveUserWithRole(ctx.em, headId, FUNCTION_HEAD_ROLES, 'The function head must be a function head or an admin');

/** Creates a function (admins): name required, colour default #3b82f6, head a function head or admin. */
export async function createFunction(ctx: ServiceContext, raw: Record<string, unknown>): Promise<OrgFunction> {
  assertCanManageOrganisation(requireActor(ctx));
  const fields = parseFunctionFields(raw, 'create');
  if (fields.headId) await assertHead(ctx, fields.headId);
  const fn = new OrgFunction();
  assign(fn, fields);
  fn.createdAt = ctx.now();
  fn.updatedAt = ctx.now();
  ctx.em.persist(fn);
  recordAudit(ctx, {
    action: 'created',
    description: `Created function "${fn.name}"`,
    entityType: 'function',
    entityId: fn.id,
    taskId: null,
    newValues: presentFields(fn, FUNCTION_AUDIT_FIELDS),
  });
  await ctx.em.flush();
  return fn;
}

/** Updates a function (admins; only the keys sent). A changed head is checked again. */
export async function updateFunction(ctx: ServiceContext, functionId: string, raw: Record<string, unknown>): Promise<OrgFunction> {
  assertCanManageOrganisation(requireActor(ctx));
  const fn = await getFunction(ctx, functionId);
  const fields = parseFunctionFields(raw, 'update');
  if (fields.headId && fields.headId !== fn.headId) await assertHead(ctx, fields.headId);
  const before = snapshot(fn, FUNCTION_AUDIT_FIELDS);
  assign(fn, fields);
  const changes = diffFields(before, snapshot(fn, FUNCTION_AUDIT_FIELDS), FUNCTION_AUDIT_FIELDS);
  if (changes.changed.length === 0) return fn;
  fn.updatedAt = ctx.now();
  recordAudit(ctx, {
    action: 'updated',
    description: `Updated function "${fn.name}"`,
    entityType: 'function',
    entityId: fn.id,
    taskId: null,
    oldValues: changes.oldValues,
    newValues: changes.newValues,
  });
  await ctx.em.flush();
  return fn;
}

// ---- teams ----

/** Teams, optionally of one function, by name (everyone signed in). */
export async function listTeams(ctx: ServiceContext, functionId?: string | null): Promise<Team[]> {
  requireActor(ctx);
  const fn = v.optionalText('Function', functionId, 100);
  return ctx.em.find(Team, fn ? { functionId: fn } : {}, { orderBy: { name: 'asc', id: 'asc' } });
}

export async function getTeam(ctx: ServiceContext, teamId: string): Promise<Team> {
  requireActor(ctx);
  const team = v.lookupId('Team id', teamId) ? await ctx.em.findOne(Team, { id: teamId }) : null;
  if (!team) throw notFound('Team');
  return team;
}

async function assertActiveFunction(ctx: ServiceContext, functionId: string): Promise<void> {
  const fn = await ctx.em.findOne(OrgFunction, { id: functionId });
  if (!fn) throw badInput('The chosen function does not exist');
  if (!fn.isActive) throw badInput(`The function "${fn.name}" is inactive: choose an active function`);
}

const assertTeamManager = (ctx: ServiceContext, managerId: string) =>
  assertActiveUserWithRole(ctx.em, managerId, TEAM_MANAGER_ROLES, 'The team manager must be a manager, function head or admin');

/** Creates a team (admins): name and an active function required, manager a manager, function head or admin. */
export async function createTeam(ctx: ServiceContext, raw: Record<string, unknown>): Promise<Team> {
  assertCanManageOrganisation(requireActor(ctx));
  const fields = parseTeamFields(raw, 'create');
  await assertActiveFunction(ctx, fields.functionId!);
  if (fields.managerId) await assertTeamManager(ctx, fields.managerId);
  const team = new Team();
  assign(team, fields);
  team.createdAt = ctx.now();
  team.updatedAt = ctx.now();
  ctx.em.persist(team);
  recordAudit(ctx, {
    action: 'created',
    description: `Created team "${team.name}"`,
    entityType: 'team',
    entityId: team.id,
    taskId: null,
    newValues: presentFields(team, TEAM_AUDIT_FIELDS),
  });
  await ctx.em.flush();
  return team;
}

/** Updates a team (admins; only the keys sent). A changed function or manager is checked again. */
export async function updateTeam(ctx: ServiceContext, teamId: string, raw: Record<string, unknown>): Promise<Team> {
  assertCanManageOrganisation(requireActor(ctx));
  const team = await getTeam(ctx, teamId);
  const fields = parseTeamFields(raw, 'update');
  if (fields.functionId && fields.functionId !== team.functionId) await assertActiveFunction(ctx, fields.functionId);
  if (fields.managerId && fields.managerId !== team.managerId) await assertTeamManager(ctx, fields.managerId);
  const before = snapshot(team, TEAM_AUDIT_FIELDS);
  assign(team, fields);
  const changes = diffFields(before, snapshot(team, TEAM_AUDIT_FIELDS), TEAM_AUDIT_FIELDS);
  if (changes.changed.length === 0) return team;
  team.updatedAt = ctx.now();
  recordAudit(ctx, {
    action: 'updated',
    description: `Updated team "${team.name}"`,
    entityType: 'team',
    entityId: team.id,
    taskId: null,
    oldValues: changes.oldValues,
    newValues: changes.newValues,
  });
  await ctx.em.flush();
  return team;
}

// ---- team members ----

/** Team memberships, optionally of one team or one user (everyone signed in). */
export async function listTeamMembers(ctx: ServiceContext, filter: { teamId?: string | null; userId?: string | null } = {}): Promise<TeamMember[]> {
  requireActor(ctx);
  const where: Record<string, string> = {};
  const teamId = v.optionalText('Team', filter.teamId, 100);
  const userId = v.optionalText('User', filter.userId, 100);
  if (teamId) where.teamId = teamId;
  if (userId) where.userId = userId;
  return ctx.em.find(TeamMember, where, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

/** Adds an active user to a team (admins); adding someone twice is a conflict. */
export async function addTeamMember(ctx: ServiceContext, raw: Record<string, unknown>): Promise<TeamMember> {
  assertCanManageOrganisation(requireActor(ctx));
  const teamId = v.optionalId('Team', raw?.teamId);
  const userId = v.optionalId('User', raw?.userId);
  if (!teamId) throw badInput('Team is required');
  if (!userId) throw badInput('User is required');
  const team = await ctx.em.findOne(Team, { id: teamId });
  if (!team) throw badInput('The chosen team does not exist');
  const user = await ctx.em.findOne(User, { id: userId });
  if (!user || !user.isActive) throw badInput('The chosen user does not exist or is inactive');
  if (await ctx.em.findOne(TeamMember, { teamId, userId })) throw conflict(`${displayName(user)} is already a member of ${team.name}`);
  const member = Object.assign(new TeamMember(), { teamId, userId, isActive: true, createdAt: ctx.now() });
  ctx.em.persist(member);
  recordAudit(ctx, {
    action: 'created',
    description: `Added ${displayName(user)} to team "${team.name}"`,
    entityType: 'team_member',
    entityId: member.id,
    taskId: null,
    newValues: { teamId, userId },
  });
  try {
    await ctx.em.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw conflict(`${displayName(user)} is already a member of ${team.name}`);
    throw err;
  }
  return member;
}

/** Removes a membership (admins), by its id or by team and user; returns the membership id. */
export async function removeTeamMember(ctx: ServiceContext, ref: { id?: string | null; teamId?: string | null; userId?: string | null }): Promise<string> {
  assertCanManageOrganisation(requireActor(ctx));
  let member: TeamMember | null = null;
  const [id, teamId, userId] = [v.lookupId('Team member id', ref.id), v.lookupId('Team', ref.teamId), v.lookupId('User', ref.userId)];
  if (ref.id) member = id ? await ctx.em.findOne(TeamMember, { id }) : null;
  else if (teamId && userId) member = await ctx.em.findOne(TeamMember, { teamId, userId });
  if (!member) throw notFound('Team member');
  recordAudit(ctx, {
    action: 'deleted',
    description: 'Removed a team member',
    entityType: 'team_member',
    entityId: member.id,
    taskId: null,
    oldValues: { teamId: member.teamId, userId: member.userId },
  });
  ctx.em.remove(member);
  await ctx.em.flush();
  return member.id;
}
