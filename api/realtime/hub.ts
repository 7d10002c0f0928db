import { createPubSub, type PubSub } from '@graphql-yoga/subscription';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
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
export const createInProcessHub = (): RealtimeHub => createHub(createPubSub<AnyTopics>(), '', async () => {});

/** The scale-out hub: events travel through Redis to every server process sharing the prefix. */
export function createRedisHub(publishClient: Redis, subscribeClient: Redis, prefix: string): RealtimeHub {
  const eventTarget = createRedisEventTarget<CustomEvent>({ publishClient, subscribeClient });
  return createHub(createPubSub<AnyTopics>({ eventTarget: eventTarget as never }), prefix, async () => {
    subscribeClient.disconnect();
  });
}
