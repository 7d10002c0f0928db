import type { ServiceContext } from '../../common/context.js';
import { createContext, requireActor } from '../../common/context.js';
import { AppError, badInput } from '../../common/errors.js';
import { END, queuedStream, SKIP } from '../../realtime/queued-stream.js';
import { getReadableTask } from '../task/index.js';
import { presenceStore, type PresenceStore } from './presence.store.js';
import type { PresenceViewer, TaskPresence } from './presence.types.js';

/**
 * Who is here now (docs/API.md, "Presence"): a task details view subscribes to `taskPresence`, which
 * announces the viewer for as long as the subscription lasts, and renews the announcement with
 * `announcePresence` (with its editing flag) every PRESENCE_HEARTBEAT_MS; an entry without a renewal
 * expires after the configured ttl (PRESENCE_TTL_MS). Reading or announcing needs read access to the
 * task: anyone else gets NOT_FOUND, as for a missing task.
 */
export const PRESENCE_HEARTBEAT_MS = 10_000;
/** People listed on one task (the list bound of TaskPresence.viewers). */
export const PRESENCE_VIEWERS_MAX = 50;
/** Tasks a board subscriber may have waiting before the oldest are dropped (a later change repeats them). */
const BOARD_BACKLOG = 500;

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

function checkClientId(clientId: string): void {
  if (!CLIENT_ID.test(clientId)) throw badInput('clientId must be 8 to 64 letters, digits, - or _ (one per open view)');
}

/** Whether the scope's actor may read the task now (false for a task that is gone). */
async function canRead(scope: ServiceContext, taskId: string): Promise<boolean> {
  try {
    await getReadableTask(scope, taskId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return false;
    throw err;
  }
}

/** The others on the task, read in `scope` (inactive or deleted people are left out). */
async function viewersOf(scope: ServiceContext, store: PresenceStore, taskId: string, viewerId: string): Promise<PresenceViewer[]> {
  const people = store
    .people(taskId)
    .filter((p) => p.userId !== viewerId)
    .slice(0, PRESENCE_VIEWERS_MAX);
  const users = await Promise.all(people.map((p) => scope.loaders.user.load(p.userId)));
  return people.flatMap((p, i) => {
    const user = users[i];
    return user?.isActive ? [{ user, editing: p.editing, since: p.since }] : [];
  });
}

const keyOf = (viewers: PresenceViewer[]): string => JSON.stringify(viewers.map((v) => [v.user.id, v.editing]));

/** Announces (or renews) the viewer's open view of the task, with whether it has unsaved changes. */
export async function announcePresence(ctx: ServiceContext, taskId: string, clientId: string, editing: boolean): Promise<boolean> {
  const actor = requireActor(ctx);
  checkClientId(clientId);
  await getReadableTask(ctx, taskId);
  presenceStore(ctx.app).publish({ taskId, userId: actor.id, clientId, editing });
  return true;
}

/**
 * The others who have the task open: the list now, then again whenever it changes. The subscription
 * itself is the viewer's presence (`clientId` names the view): it is announced at once and left when
 * the subscription ends (unsubscribed, the socket closed). Before each delivery the subscriber's read
 * access is checked again, and on every board event of the task: without it the stream ends.
 */
export async function taskPresenceStream(ctx: ServiceContext, taskId: string, clientId: string): Promise<AsyncIterableIterator<TaskPresence>> {
  const userId = requireActor(ctx).id;
  checkClientId(clientId);
  await getReadableTask(ctx, taskId);
  const store = presenceStore(ctx.app);
  let last: string | null = null;
  return queuedStream<true, TaskPresence>({
    initial: [true],
    listen(push) {
      const stopChanges = store.onChange((id) => id === taskId && push(true));
      const stopEvents = ctx.realtime.onBoardEvent((event) => event.taskId === taskId && push(true));
      store.publish({ taskId, userId, clientId, editing: store.entry(taskId, userId, clientId)?.editing ?? false });
      return () => {
        stopChanges();
        stopEvents();
        store.publish({ taskId, userId, clientId, editing: null });
      };
    },
    backlog: 1,
    overflow: (queue) => queue.slice(-1),
    failure: 'Task presence could not be delivered',
    async resolve() {
      const scope = await createContext(ctx.app, { userId, timeZone: ctx.timeZone, ip: ctx.ip });
      if (!scope.actor || !(await canRead(scope, taskId))) return END;
      const viewers = await viewersOf(scope, store, taskId, userId);
      const key = keyOf(viewers);
      if (key === last) return SKIP;
      last = key;
      return { taskId, viewers };
    },
  });
}

/**
 * Who has which task open, for a board: first every task someone else has open now, then each task
 * whose people change (an empty list when the last one left), only for tasks the subscriber may read.
 * One subscription serves every card of a board.
 */
export function boardPresenceStream(ctx: ServiceContext): AsyncIterableIterator<TaskPresence> {
  const userId = requireActor(ctx).id;
  const store = presenceStore(ctx.app);
  const delivered = new Map<string, string>();
  return queuedStream<string, TaskPresence>({
    initial: store.taskIds(),
    listen: (push) => store.onChange(push),
    backlog: BOARD_BACKLOG,
    overflow: (queue) => [...new Set(queue)].slice(-BOARD_BACKLOG),
    failure: 'Board presence could not be delivered',
    async resolve(taskId) {
      const scope = await createContext(ctx.app, { userId, timeZone: ctx.timeZone, ip: ctx.ip });
      if (!scope.actor) return END;
      const viewers = (await canRead(scope, taskId)) ? await viewersOf(scope, store, taskId, userId) : [];
      const key = keyOf(viewers);
      if ((delivered.get(taskId) ?? keyOf([])) === key) return SKIP;
      if (viewers.length > 0) delivered.set(taskId, key);
      else delivered.delete(taskId);
      return { taskId, viewers };
    },
  });
}
