import { Field, ID, Int, ObjectType } from 'type-graphql';
import { requireActor, type ServiceContext } from '../../common/context.js';
import { toActor } from '../../common/actor.js';
import { isId } from '../../common/ids.js';
import * as v from '../../common/validate.js';
import { keepMentions, mentionedIds, mentionMatches, parseMentions } from '../../../schema/domain/mentions.js';
import { displayName } from '../audit/audit.service.js';
import { User } from '../user/user.entity.js';
import type { Task } from './task.entity.js';
import { getReadableTask } from './task.access.js';
import { loadUser } from './task.preload.js';
import { canReadTask, type TaskOwnership } from './task.policy.js';

// @mentions in comments and task descriptions (docs/DECISIONS.md, "@mentions"): who may be mentioned on
// a task (its readers), the kept tokens, and the structured field beside a text. The task module owns
// them because they follow the task read policy; the comment module uses them for comment text.

/** At most this many people are offered for one `@`. */
export const MENTIONABLE_MAX = 10;
/** At most this many mentions are kept in one text (later tokens become plain `@Name`). */
export const MENTIONS_PER_TEXT_MAX = 20;

/** A mention in a comment or a task description, beside its text: who (with their current name) and where its token is. */
@ObjectType({ description: 'A person mentioned in a text: their id, current name and where the @[Name](user:id) token is' })
export class Mention {
  @Field(() => ID) userId!: string;
  @Field(() => String, { description: "The person's current name" }) name!: string;
  @Field(() => Int, { description: 'Where the token starts in the text (UTF-16 index)' }) start!: number;
  @Field(() => Int, { description: 'Where the token ends (exclusive)' }) end!: number;
}

/** Someone who may be mentioned on a task (they can read it). */
@ObjectType({ description: 'Someone who can read the task, offered when typing @' })
export class MentionCandidate {
  @Field(() => ID) id!: string;
  @Field(() => String) username!: string;
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => String, { description: 'First and last name, or the username' }) name!: string;
}

/** Whether a user can read a task (the task read policy, with the user as the actor). */
const readsTask = (user: User | null, task: TaskOwnership): user is User => !!user && user.isActive && canReadTask(toActor(user), task);

/**
 * The text with only the mentions of active people who can read the task kept; every other token
 * (unknown id, a non-reader, an inactive person, past the MENTIONS_PER_TEXT_MAX-th) becomes plain
 * `@Name`, so no such id is stored.
 */
export async function keepReadableMentions(ctx: ServiceContext, task: TaskOwnership, text: string): Promise<string> {
  if (parseMentions(text).mentions.length === 0) return text;
  const ids = mentionedIds(text).filter(isId);
  const users = await Promise.all(ids.map((id) => loadUser(ctx, id)));
  const readers = new Set(users.filter((u): u is User => readsTask(u, task)).map((u) => u.id));
  let kept = 0;
  return keepMentions(text, (id) => readers.has(id) && ++kept <= MENTIONS_PER_TEXT_MAX);
}

/** The mentions of a stored text with each person's current name (the written one when they are gone). */
export async function mentionsOf(ctx: ServiceContext, text: string): Promise<Mention[]> {
  const found = parseMentions(text).mentions;
  return Promise.all(
    found.map(async (m) => {
      const user = isId(m.userId) ? await loadUser(ctx, m.userId) : null;
      return { userId: m.userId, name: user ? displayName(user) : m.name, start: m.start, end: m.end };
    }),
  );
}

const candidateOf = (u: User): MentionCandidate => ({ id: u.id, username: u.username, firstName: u.firstName, lastName: u.lastName, name: displayName(u) });

/** The mentions of a task's description (GraphQL Task.descriptionMentions, REST descriptionMentions). */
export const descriptionMentionsOf = (ctx: ServiceContext, task: Pick<Task, 'description'>): Promise<Mention[]> =>
  task.description ? mentionsOf(ctx, task.description) : Promise.resolve([]);

/**
 * Who will read a task the actor is about to create: its creator is the actor and its assignee
 * `assignedToId` (the actor when not given), as createTask sets them.
 */
export function newTaskOwnership(ctx: ServiceContext, assignedToId: unknown): TaskOwnership {
  const actorId = requireActor(ctx).id;
  const assignee = typeof assignedToId === 'string' && isId(assignedToId) ? assignedToId : actorId;
  return { createdById: actorId, assignedToId: assignee };
}

/**
 * Up to 10 active people (not the viewer) who can read the task, whose name or username contains
 * `search` (any case), by name. NOT_FOUND when the viewer cannot read the task. Without a task (the
 * New Task form), the people who will read the viewer's new task assigned to `assignedToId`.
 */
export async function mentionableUsers(
  ctx: ServiceContext,
  taskId: string | null | undefined,
  search: unknown,
  assignedToId?: unknown,
): Promise<MentionCandidate[]> {
  const task = taskId ? await getReadableTask(ctx, taskId) : newTaskOwnership(ctx, assignedToId);
  const q = v.optionalText('Search', search, 100) ?? '';
  const users = await ctx.em.find(User, { isActive: true }, { orderBy: { firstName: 'asc', lastName: 'asc', username: 'asc' } });
  const matches = (u: User) => mentionMatches({ name: displayName(u), username: u.username, lastName: u.lastName }, q);
  return users
    .filter((u) => u.id !== ctx.actor?.id && matches(u) && readsTask(u, task))
    .slice(0, MENTIONABLE_MAX)
    .map(candidateOf);
}
