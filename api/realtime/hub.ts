import { createPubSub, type PubSub } from '@graphql-yoga/subscription';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { setMaxListeners } from 'node:events';
import type { Redis } from 'ioredis';
import { logger } from '../common/logger.js';
import {
  TOPICS,
  type BoardEventMessage,
  type NotificationMessage,
  type PresenceMessage,
  type ProjectEventMessage,
  type UserDisconnectMessage,
} from './topics.js';

type AnyTopics = Record<string, [unknown]>;

/**
 * The process's connection to live updates: services publish board events after their flush; the
 * board fan-out and the socket layer listen. In-process by default, through Redis when set (topics are
 * namespaced by a prefix so several deployments can share one Redis).
 *
 * Listeners are plain callbacks on the event target, not async iterators: a listener only records the
 * message and returns, so a burst of events can never overflow a buffer between publisher and
 * listener, and a listener that throws is logged instead of ending the process (an exception thrown
 * inside an EventTarget listener is an uncaught exception in Node).
 */
export interface RealtimeHub {
  /** The pub/sub type-graphql is built with (no subscription of ours iterates it). */
  pubSub: PubSub<AnyTopics>;
  publishBoardEvent(event: BoardEventMessage): void;
  /** Calls `listener` with every board event; returns the function that stops it. */
  onBoardEvent(listener: (event: BoardEventMessage) => void): () => void;
  publishProjectEvent(event: ProjectEventMessage): void;
  /** Calls `listener` with every project event; returns the function that stops it. */
  onProjectEvent(listener: (event: ProjectEventMessage) => void): () => void;
  publishNotification(message: NotificationMessage): void;
  /** Calls `listener` with every stored notification (of every user); returns the function that stops it. */
  onNotification(listener: (message: NotificationMessage) => void): () => void;
  publishPresence(message: PresenceMessage): void;
  /** Calls `listener` with every presence announcement (of every task); returns the function that stops it. */
  onPresence(listener: (message: PresenceMessage) => void): () => void;
  /** Ends every open subscription of the user, on every server process. */
  disconnectUser(message: UserDisconnectMessage): void;
  /** Calls `listener` with every disconnect request; returns the function that stops it. */
  onUserDisconnect(listener: (message: UserDisconnectMessage) => void): () => void;
  close(): Promise<void>;
}

interface DetailTarget {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

/** Adds a listener that receives the event's detail and never lets an exception escape. */
function listen<T>(target: DetailTarget, topic: string, listener: (detail: T) => void): () => void {
  const handler = (event: Event) => {
    try {
      listener((event as CustomEvent<T>).detail);
    } catch (err) {
      logger.error(`A listener of ${topic} failed`, err);
    }
  };
  target.addEventListener(topic, handler);
  return () => target.removeEventListener(topic, handler);
}

function createHub(target: DetailTarget, prefix: string, onClose: () => Promise<void>): RealtimeHub {
  const pubSub = createPubSub<AnyTopics>({ eventTarget: target as never });
  const board = `${prefix}${TOPICS.BOARD}`;
  const project = `${prefix}${TOPICS.PROJECT}`;
  const disconnect = `${prefix}${TOPICS.USER_DISCONNECT}`;
  const notification = `${prefix}${TOPICS.NOTIFICATION}`;
  const presence = `${prefix}${TOPICS.PRESENCE}`;
  return {
    pubSub,
    publishBoardEvent: (event) => pubSub.publish(board, event),
    onBoardEvent: (listener) => listen(target, board, listener),
    publishProjectEvent: (event) => pubSub.publish(project, event),
    onProjectEvent: (listener) => listen(target, project, listener),
    publishNotification: (message) => pubSub.publish(notification, message),
    onNotification: (listener) => listen(target, notification, listener),
    publishPresence: (message) => pubSub.publish(presence, message),
    onPresence: (listener) => listen(target, presence, listener),
    disconnectUser: (message) => pubSub.publish(disconnect, message),
    onUserDisconnect: (listener) => listen(target, disconnect, listener),
    close: onClose,
  };
}

/** The single-process hub (no Redis). */
export function createInProcessHub(): RealtimeHub {
  const eventTarget = new EventTarget();
  setMaxListeners(0, eventTarget);
  return createHub(eventTarget, '', async () => {});
}

/** The scale-out hub: events travel through Redis to every server process sharing the prefix. */
export function createRedisHub(publishClient: Redis, subscribeClient: Redis, prefix: string): RealtimeHub {
  // A publish while Redis is down fails at once (the client does not queue): logged, never an unhandled
  // rejection. Board events are in the database's event log, so subscribers catch up from there.
  const publisher = {
    publish: (channel: string, message: string) =>
      publishClient.publish(channel, message).catch((err: unknown) => {
        logger.warn(`Redis publish to ${channel} failed: ${err instanceof Error ? err.message : String(err)}`);
        return 0;
      }),
  } as unknown as Redis;
  const eventTarget = createRedisEventTarget<CustomEvent>({ publishClient: publisher, subscribeClient }) as unknown as DetailTarget;
  // Keep the Redis channels subscribed for the process's lifetime: otherwise the first subscriber of a
  // topic would miss events published before Redis acknowledged its SUBSCRIBE.
  const keepAlive = () => {};
  for (const topic of Object.values(TOPICS)) eventTarget.addEventListener(`${prefix}${topic}`, keepAlive);
  return createHub(eventTarget, prefix, async () => {
    subscribeClient.disconnect();
  });
}
