import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, asAppError } from '../common/errors.js';
import { logger } from '../common/logger.js';

const PASS_THROUGH = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND', 'OPERATION_RESOLUTION_FAILURE']);

/**
 * Puts AppError codes in extensions.code; a refused document (syntax, validation, abuse limits) is
 * BAD_USER_INPUT like on the socket (limits.ts asRefusals); masks and logs anything unexpected.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = asAppError(unwrapResolverError(error));
  if (original instanceof AppError) {
    return { message: original.message, path: formatted.path, locations: formatted.locations, extensions: { code: original.code, ...(original.details ?? {}) } };
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
