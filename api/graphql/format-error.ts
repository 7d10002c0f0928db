import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, asAppError, RETRY_AFTER_SECONDS } from '../common/errors.js';
import { logger } from '../common/logger.js';

const PASS_THROUGH = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
]);

/** The AppError behind a GraphQL error: a resolver's (unwrapped), or one the context function threw. */
function appErrorOf(error: unknown): unknown {
  const unwrapped = unwrapResolverError(error);
  if (unwrapped instanceof GraphQLError && unwrapped.originalError instanceof AppError) return unwrapped.originalError;
  return asAppError(unwrapped);
}

/** True when the error says the database or Redis could not be reached (common/unreachable.ts). */
const isUnavailable = (error: unknown): boolean => {
  const original = appErrorOf(error);
  return original instanceof AppError && original.code === 'SERVICE_UNAVAILABLE';
};

/**
 * Puts AppError codes in extensions.code; a refused document (syntax, validation, abuse limits) is
 * BAD_USER_INPUT like on the socket (limits.ts asRefusals); masks and logs anything unexpected.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = appErrorOf(error);
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code, ...(original.details ?? {}) },
    };
  }
  const code = formatted.extensions?.code as string | undefined;
  if (code && PASS_THROUGH.has(code)) {
    return { ...formatted, extensions: { code: code === 'BAD_REQUEST' ? code : 'BAD_USER_INPUT' } };
  }
  if (original instanceof GraphQLError && !original.originalError) {
    return { ...formatted, extensions: { code: code ?? 'BAD_USER_INPUT' } };
  }
  logger.error('Unexpected GraphQL error', original);
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

const retryAfter = (): Map<string, string> => new Map([['retry-after', String(RETRY_AFTER_SECONDS)]]);

/**
 * An operation that met SERVICE_UNAVAILABLE (the database or Redis out of reach) answers HTTP 503 with
 * Retry-After, as REST does, instead of 200 with the error inside.
 */
export const unavailablePlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, response }) {
        if (!errors.some(isUnavailable)) return;
        response.http.status = 503;
        for (const [name, value] of retryAfter()) response.http.headers.set(name, value);
      },
    };
  },
};

/**
 * The GraphQL context function with the same 503: Apollo answers a failed context with the status and
 * headers of the error's `extensions.http` (500 without), and no plugin sees it.
 */
export function withUnavailableStatus<A extends unknown[], T>(context: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  return async (...args) => {
    try {
      return await context(...args);
    } catch (err) {
      const appError = asAppError(err);
      if (!(appError instanceof AppError) || appError.code !== 'SERVICE_UNAVAILABLE') throw err;
      throw new GraphQLError(appError.message, { originalError: appError, extensions: { code: appError.code, http: { status: 503, headers: retryAfter() } } });
    }
  };
}
