import { logger } from '../common/logger.js';

/** What `resolve` answers for an item that yields nothing (the stream goes on to the next). */
export const SKIP = Symbol('skip');
/** What `resolve` answers when the stream must end (the subscriber was deactivated or deleted). */
export const END = Symbol('end');

export interface QueuedStreamOptions<In, Out> {
  /** Items waiting before the first message (a REFETCH, the latest notification...). */
  initial?: In[];
  /** Starts listening, calling `push` with each message; returns the stop. */
  listen(push: (item: In) => void): () => void;
  /** Messages a subscriber may have waiting; past it, `overflow` decides what stays. */
  backlog: number;
  /** The queue to keep when it grows past `backlog`. */
  overflow(queue: In[]): In[];
  /** Turns a queued message into what the subscriber receives, read as it is now. */
  resolve(item: In): Promise<Out | typeof SKIP | typeof END>;
  /** Logged (with the error) when `resolve` throws; the stream goes on. */
  failure: string;
}

/**
 * A subscription's async iterator over live messages: they queue as they arrive (bounded by
 * `backlog`), and each `next()` resolves the oldest one, so the subscriber reads every object as it is
 * when delivered, in its own context. `return()` (the client unsubscribed, the socket closed) stops
 * listening at once. One implementation for every live stream (project events, notifications).
 */
export function queuedStream<In, Out>(options: QueuedStreamOptions<In, Out>): AsyncIterableIterator<Out> {
  let queue: In[] = [...(options.initial ?? [])];
  let wake: (() => void) | null = null;
  let done = false;
  const stop = options.listen((item) => {
    if (done) return;
    queue.push(item);
    if (queue.length > options.backlog) queue = options.overflow(queue);
    wake?.();
  });
  const finish = (): IteratorResult<Out> => {
    done = true;
    stop();
    queue = [];
    wake?.();
    return { done: true, value: undefined };
  };

  const self: AsyncIterableIterator<Out> = {
    async next() {
      while (!done) {
        if (queue.length === 0) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        const item = queue.shift() as In;
        try {
          const value = await options.resolve(item);
          if (value === END) return finish();
          if (value !== SKIP) return { done: false, value: value as Out };
        } catch (err) {
          logger.warn(options.failure, err);
        }
      }
      return { done: true, value: undefined };
    },
    async return() {
      return finish();
    },
    async throw(err: unknown) {
      finish();
      throw err;
    },
    [Symbol.asyncIterator]: () => self,
  };
  return self;
}
