import type { Sink, SubscribePayload } from 'graphql-ws';

/**
 * A subscription with a `since` variable resumes where it left off: graphql-ws sends a subscription's
 * payload again after every reconnect, and this payload's `since` is read at that moment, as the seq
 * of the last event the subscription received (the server delivers in seq order and replays what
 * came after). Subscriptions without `since` pass through unchanged.
 */
export function resumable<R extends { data?: unknown }>(payload: SubscribePayload, sink: Sink<R>): [SubscribePayload, Sink<R>] {
  const variables = payload.variables ?? {};
  if (typeof variables.since !== 'number') return [payload, sink];
  let since = variables.since;
  const resumed: SubscribePayload = {
    ...payload,
    get variables() {
      return { ...variables, since };
    },
  };
  const tracking: Sink<R> = {
    error: (err) => sink.error(err),
    complete: () => sink.complete(),
    next(result) {
      const root = Object.values((result.data ?? {}) as object)[0] as { seq?: unknown } | null | undefined;
      if (typeof root?.seq === 'number' && root.seq > since) since = root.seq;
      sink.next(result);
    },
  };
  return [resumed, tracking];
}
