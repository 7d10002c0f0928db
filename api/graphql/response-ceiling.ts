import type { ExecutionResult, FormattedExecutionResult, GraphQLFormattedError, OperationTypeNode } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { logger } from '../common/logger.js';
import { QUERY_LIMITS } from './limits.js';

/** query, mutation or subscription. */
type Operation = `${OperationTypeNode}`;

/** Bytes of JSON an answer may take before it is cut off (docs/DECISIONS.md, "Every list has a bound"). */
export const RESPONSE_CEILING_BYTES = QUERY_LIMITS.maxResponseBytes;

/** Rough JSON bytes of a number, boolean or null (their text is short; the estimate need not be exact). */
const SMALL_VALUE_BYTES = 8;

/**
 * True when the JSON text of `value` would be longer than `limit` bytes. Walks the result (strings by
 * their length, keys, punctuation) and stops as soon as the estimate passes the limit, so an answer
 * over the ceiling is never serialised. Characters are counted as bytes (an underestimate for text
 * outside ASCII).
 */
export function jsonLongerThan(value: unknown, limit: number): boolean {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') bytes += v.length + 2;
    else if (Array.isArray(v)) {
      bytes += 2 + v.length;
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else if (v !== null && typeof v === 'object') {
      bytes += 2;
      for (const key of Object.keys(v)) {
        bytes += key.length + 4;
        stack.push((v as Record<string, unknown>)[key]);
      }
    } else bytes += SMALL_VALUE_BYTES;
    if (bytes > limit) return true;
  }
  return false;
}

/** The error that replaces an answer over the ceiling; a mutation's change was made all the same. */
export function responseTooLarge(operation: Operation | undefined): GraphQLFormattedError {
  const mb = RESPONSE_CEILING_BYTES / (1024 * 1024);
  const message =
    operation === 'mutation'
      ? `The change was made, but its answer is larger than ${mb} MB and was not sent: read it back with fewer fields`
      : `This answer is larger than ${mb} MB and was not sent: ask for fewer items (a smaller first) or fewer fields`;
  return { message, extensions: { code: 'BAD_USER_INPUT', maxBytes: RESPONSE_CEILING_BYTES } };
}

/**
 * The result itself, or, when its JSON would pass the ceiling, a result holding only the error
 * (responseTooLarge). For the socket's `next` messages and the HTTP plugin alike.
 */
export function withinCeiling<T extends ExecutionResult | FormattedExecutionResult>(
  result: T,
  operation: Operation | undefined,
  name?: string | null,
): T | FormattedExecutionResult {
  if (!jsonLongerThan(result, RESPONSE_CEILING_BYTES)) return result;
  logger.warn(`GraphQL answer over ${RESPONSE_CEILING_BYTES} bytes cut off (${operation ?? 'operation'} ${name ?? 'anonymous'})`);
  return { data: null, errors: [responseTooLarge(operation)] };
}

/** Apollo Server: an answer over the ceiling is replaced by the error before it is serialised. */
export function responseCeilingPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, operation }) {
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          const kept = withinCeiling(result, operation?.operation, operation?.name?.value);
          if (kept !== result) response.body.singleResult = kept;
        },
      };
    },
  };
}
