import type { ExecutionResult } from 'graphql';
import type { WebSocket } from 'ws';
import { formatError } from '../graphql/format-error.js';
import { withinCeiling } from '../graphql/response-ceiling.js';

/**
 * Protocol-level shortcut for board events (graphql-transport-ws). graphql-ws would turn every
 * result into `JSON.stringify({ id, type: 'next', payload })` once per subscriber, behind a few
 * promises per subscriber and event. Subscribers who share an execution result share its payload
 * text instead: the fan-out serialises the payload once (nextPayloadJson) and writes
 * `{"id":<id>,"type":"next","payload":<payload>}` to each socket itself, the id JSON-escaped and
 * spliced in by string concatenation. The bytes are what graphql-ws's own `next` would send (same
 * keys, same order, errors last and formatted with toJSON), so clients see no difference.
 *
 * It stays protocol-correct because a subscription only writes while graphql-ws has it open: the
 * target is bound to the subscription id when graphql-ws creates the operation's context, and the
 * subscriber stops writing the moment graphql-ws calls return() on its stream (client `complete`,
 * socket close). graphql-ws still sends `complete` and `error` for these subscriptions. Nothing
 * here goes through graphql-ws's onNext hook or jsonMessageReplacer (neither is used).
 */
export interface SocketTarget {
  ws: WebSocket;
  /** `{"id":<id>,"type":"next","payload":` for this subscription. */
  prefix: string;
}

/** A socket whose unsent data exceeds this is too slow: its board subscription ends (the client catches up). */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

const targets = new WeakMap<object, SocketTarget>();

/** Marks an operation's context (see socket.ts) as one whose `next` messages may be written straight to `ws`. */
export function bindSocketTarget(context: object, ws: WebSocket, id: string): void {
  targets.set(context, { ws, prefix: `{"id":${JSON.stringify(id)},"type":"next","payload":` });
}

/** The socket an operation's `next` messages go to, when socket.ts bound one. */
export function socketTargetOf(context: object): SocketTarget | null {
  return targets.get(context) ?? null;
}

/**
 * The `payload` of a graphql-ws `next` message for this result, as JSON text (errors last, as
 * graphql-ws does), with errors formatted as over HTTP: AppError codes kept, anything unexpected masked.
 */
export function nextPayloadJson(result: ExecutionResult): string {
  // An event's answer over the response ceiling is replaced by its error (response-ceiling.ts).
  const { errors, ...rest } = withinCeiling(formatResult(result), 'subscription');
  return JSON.stringify(errors ? { ...rest, errors } : rest);
}

/** The result with its errors formatted as over HTTP (AppError codes kept, anything unexpected masked). */
export function formatResult(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  return { ...result, errors: result.errors.map((e) => formatError(e.toJSON(), e)) as unknown as ExecutionResult['errors'] };
}

/** What became of one write: sent, the socket is already closing, or it is too far behind. */
export type SendOutcome = 'sent' | 'closed' | 'overflow';

/** Writes one `next` message with an already serialised payload. */
export function sendNext(target: SocketTarget, payloadJson: string): SendOutcome {
  const { ws } = target;
  if (ws.readyState !== ws.OPEN) return 'closed';
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return 'overflow';
  ws.send(target.prefix + payloadJson + '}');
  return 'sent';
}
