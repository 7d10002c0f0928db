import { createPubSub, type PubSub } from '@graphql-yoga/subscription';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { setMaxListeners } from 'node:events';
import type { Redis } from 'ioredis';
import { TOPICS, type BoardEventMessage, type UserDisconnectMessage } from './topics.js';

type AnyTopics = Record<string, [unknown]>;

/**
 * The process's connection to live updates: services publish board events after their flush; the
 * GraphQL subscriptions and the socket layer listen. In-process by default, through Redis when set
 * (topics are namespaced by a prefix so several deployments can share one Redis).
 */
export interface RealtimeHub {
  pubSub: PubSub<AnyTopics>;
  publishBoardEvent(event: BoardEventMessage): void;
  subscribeBoardEvents(): AsyncIterable<BoardEventMessage>;
  /** Ends every open subscription of the user, on every server process. */
  disconnectUser(message: UserDisconnectMessage): void;
  subscribeDisconnects(): AsyncIterable<UserDisconnectMessage>;
  close(): Promise<void>;
}

function createHub(pubSub: PubSub<AnyTopics>, prefix: string, onClose: () => Promise<void>): RealtimeHub {
  const board = `${prefix}${TOPICS.BOARD}`;
  const disconnect = `${prefix}${TOPICS.USER_DISCONNECT}`;
  return {
    pubSub,
    publishBoardEvent: (event) => pubSub.publish(board, event),
    subscribeBoardEvents: () => pubSub.subscribe(board) as AsyncIterable<BoardEventMessage>,
    disconnectUser: (message) => pubSub.publish(disconnect, message),
    subscribeDisconnects: () => pubSub.subscribe(disconnect) as AsyncIterable<UserDisconnectMessage>,
    close: onClose,
  };
}

/** The single-process hub (no Redis). */
export function createInProcessHub(): RealtimeHub {
  // One listener per open subscription: thousands are expected, not a leak.
  const eventTarget = new EventTarget();
  setMaxListeners(0, eventTarget);
  return createHub(createPubSub<AnyTopics>({ eventTarget: eventTarget as never }), '', async () => {});
}

/** The scale-out hub: events travel through Redis to every server process sharing the prefix. */
export function createRedisHub(publishClient: Redis, subscribeClient: Redis, prefix: string): RealtimeHub {
  const eventTarget = createRedisEventTarget<CustomEvent>({ publishClient, subscribeClient });
  // Keep the Redis channels subscribed for the process's lifetime: otherwise the first subscriber of a
  // topic would miss events published before Redis acknowledged its SUBSCRIBE.
  const keepAlive = () => {};
  for (const topic of Object.values(TOPICS)) eventTarget.addEventListener(`${prefix}${topic}`, keepAlive);
  return createHub(createPubSub<AnyTopics>({ eventTarget: eventTarget as never }), prefix, async () => {
    subscribeClient.disconnect();
  });
}
