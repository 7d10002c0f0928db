import type { Request, RequestHandler, Response } from 'express';
import type { AppRuntime } from '../../common/context.js';
import { authenticateToken, type TokenIdentity } from './token.service.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set when the request carried a valid `Authorization: Bearer lwf_...` token. */
    apiToken?: TokenIdentity;
  }
}

/**
 * The token of an `Authorization: Bearer <token>` header (or of the same text in graphql-ws
 * connectionParams), '' for a Bearer header without a token, null when there is no Bearer credential.
 */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^\s*Bearer(?:\s+(\S*))?\s*$/i.exec(header);
  return match ? (match[1] ?? '') : null;
}

export const INVALID_TOKEN = 'The API token is invalid or has been revoked';

/** 401 for a bad token: GraphQL's error shape on /graphql, the REST shape elsewhere. */
function refuse(req: Request, res: Response): void {
  res.status(401).setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
  res.setHeader('Cache-Control', 'no-store');
  if (req.path === '/graphql' || req.originalUrl.startsWith('/graphql')) {
    res.json({ errors: [{ message: INVALID_TOKEN, extensions: { code: 'UNAUTHENTICATED' } }] });
  } else {
    res.json({ message: INVALID_TOKEN, code: 'UNAUTHENTICATED' });
  }
}

/**
 * Authenticates `Authorization: Bearer` requests before the session is read: a valid token sets
 * `req.apiToken` (the session cookie is then ignored: sessionUnlessToken), an unknown or revoked one
 * is answered 401 at once. Requests without a Bearer header pass untouched.
 *
 * A token request carries no ambient credential (a browser never adds the header by itself, and
 * another site cannot set it without a CORS preflight we never grant), so cross-site request forgery
 * does not apply: the origin guard lets it through and Apollo's CSRF prevention is told so.
 */
export function bearerAuth(runtime: AppRuntime): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (token === null) return next();
    const now = runtime.clock?.() ?? new Date();
    authenticateToken(runtime.orm, token, now).then((identity) => {
      if (!identity) return refuse(req, res);
      req.apiToken = identity;
      // Apollo's CSRF prevention accepts a request that names this header (it forces a preflight).
      req.headers['apollo-require-preflight'] = 'token';
      next();
    }, next);
  };
}

/** The session middleware, skipped for token requests (no session is read, created or sent). */
export function sessionUnlessToken(sessionMiddleware: RequestHandler): RequestHandler {
  return (req, res, next) => (req.apiToken ? next() : sessionMiddleware(req, res, next));
}
