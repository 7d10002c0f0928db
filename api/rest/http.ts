import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { wrap } from '@mikro-orm/core';
import { createContext, type AppRuntime, type ServiceContext } from '../common/context.js';
import { AppError, asAppError, HTTP_STATUS, RETRY_AFTER_SECONDS } from '../common/errors.js';
import { logger } from '../common/logger.js';
import type { SessionHandle } from '../auth/session-handle.js';
import { slicePage, type ListPage } from '../common/paging.js';
import { isTimeZone } from '../../schema/domain/task-rules.js';
import '../modules/token/bearer.js';
import '../auth/two-factor/two-factor.gate.js';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** When, from where and with what the session signed in (ISO time, IP, User-Agent header); Settings › Security lists them. */
    signedInAt?: string;
    ip?: string;
    userAgent?: string;
    /** The last request's time, written at most once a minute (api/auth/sessions/seen.ts). */
    lastSeenAt?: string;
    /** 'sso' for a single sign-on session; absent or 'password' otherwise (api/auth/two-factor/two-factor.policy.ts). */
    signedInWith?: 'password' | 'passkey' | 'sso';
  }
}

/** The request's User-Agent header, cut to the length the session record and the security events keep. */
export const userAgentOf = (req: Request): string => (req.get('user-agent') ?? '').slice(0, 512);

export const runtimeOf = (req: Request): AppRuntime => req.app.locals.runtime as AppRuntime;

const SERVER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The viewer's time zone: the X-Time-Zone header when valid, else the server's. */
export function requestTimeZone(header: string | string[] | undefined): string {
  const zone = Array.isArray(header) ? header[0] : header;
  return zone && zone.length < 64 && isTimeZone(zone) ? zone : SERVER_ZONE;
}

/** Lets the auth service sign the request's session in and out (regenerating the id at login). */
export function sessionHandle(req: Request, res: Response): SessionHandle {
  return {
    get id() {
      return req.sessionID;
    },
    get signedInWith() {
      return req.session?.signedInWith ?? 'password';
    },
    signIn: (userId, signedInWith = 'password') =>
      new Promise<void>((resolve, reject) => {
        req.session.regenerate((err) => {
          if (err) return reject(err);
          const now = (runtimeOf(req).clock?.() ?? new Date()).toISOString();
          Object.assign(req.session, { userId, signedInWith, signedInAt: now, lastSeenAt: now, ip: req.ip ?? 'unknown', userAgent: userAgentOf(req) });
          req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
        });
      }),
    signOut: () =>
      new Promise<void>((resolve, reject) => {
        if (!req.session) return resolve();
        req.session.destroy((err) => {
          res.clearCookie(SESSION_COOKIE, { path: '/' });
          return err ? reject(err) : resolve();
        });
      }),
  };
}

export const SESSION_COOKIE = 'lwf.sid';

/** One ServiceContext per request (HTTP transports). */
export async function contextForRequest(req: Request, res: Response): Promise<ServiceContext> {
  const ctx = await createContext(runtimeOf(req), {
    // A token request never reads a session (bearer.ts): the token's owner is the user.
    userId: req.apiToken ? req.apiToken.userId : (req.session?.userId ?? null),
    tokenId: req.apiToken?.tokenId ?? null,
    timeZone: requestTimeZone(req.headers['x-time-zone']),
    session: req.session && !req.apiToken ? sessionHandle(req, res) : null,
    origin: `${req.protocol}://${req.get('host') ?? 'localhost'}`,
    ip: req.ip ?? 'unknown',
    userAgent: userAgentOf(req),
  });
  // Set by the two-factor check before the routes (api/auth/two-factor/two-factor.gate.ts).
  if (req.twoFactorSetupPending) ctx.twoFactorSetupPending = true;
  return ctx;
}

/** Entities to plain JSON (camelCase; hidden fields such as password hashes never included). */
export function toJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJson);
  if (value && typeof value === 'object' && '__helper' in value) return wrap(value as object).toObject();
  return value;
}

type Handler = (req: Request, ctx: ServiceContext, res: Response) => Promise<unknown>;

/** Adapts a service call to Express: builds the context, sends JSON with `status`, forwards errors. */
export function handle(fn: Handler, status = 200): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await contextForRequest(req, res);
      const result = await fn(req, ctx, res);
      if (!res.headersSent) res.status(status).json(result === undefined ? { ok: true } : result);
    } catch (err) {
      next(err);
    }
  };
}

/** The route parameter as a string. */
export const param = (req: Request, name: string): string => String(req.params[name] ?? '');

/** Largest `limit` of a REST list (GET /api/audit keeps its own 500). */
export const REST_PAGE_MAX = 1000;

/** A whole number read from the query string, or undefined when absent; BAD_USER_INPUT when not in min..max. */
function wholeNumber(req: Request, name: string, min: number, max: number): number | undefined {
  const raw = req.query[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw new AppError('BAD_USER_INPUT', `${name} must be a whole number ${range}`);
  }
  return n;
}

/**
 * The page a REST list route was asked for: `?limit=` (1 to `max`; absent: `defaultLimit`, by default
 * the whole list, as docs/API.md's Paging says) and `?offset=` (0 or more). Lists keep a fixed order, so pages
 * follow each other. Throws BAD_USER_INPUT on anything else.
 */
export function listPage(req: Request, options: { max?: number; defaultLimit?: number } = {}): ListPage {
  const limit = wholeNumber(req, 'limit', 1, options.max ?? REST_PAGE_MAX) ?? options.defaultLimit;
  return { limit, offset: wholeNumber(req, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0 };
}

/**
 * Writes to a streamed response with backpressure: `write` resolves once the chunk may be followed by
 * another (at once, or after the response drains); false once the client has gone. One 'drain'
 * listener for the whole response: the compression middleware hands 'drain' listeners to its zlib
 * stream, where a `once` listener is never removed (they piled up, one per wait).
 */
export function responseWriter(res: Response): { write(chunk: string | Uint8Array): Promise<boolean> } {
  let wake: (() => void) | null = null;
  const release = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  res.on('drain', release);
  res.on('close', release);
  return {
    async write(chunk) {
      if (res.destroyed) return false;
      if (!res.write(chunk)) await new Promise<void>((resolve) => (wake = resolve));
      return !res.destroyed;
    },
  };
}

/**
 * Sends a JSON array whose items arrive in batches, as they arrive: the first byte goes out with the
 * first batch, and memory holds one batch at a time. A failure after the first byte cannot change the
 * status any more, so the connection is cut (the client sees a truncated body, never a complete wrong one).
 */
export async function sendJsonArray<T>(
  res: Response,
  batches: AsyncIterable<T[]>,
  present: (item: T) => unknown,
  headers: Record<string, string> = {},
): Promise<void> {
  let started = false;
  const out = responseWriter(res);
  try {
    for await (const batch of batches) {
      const items = batch.map((item) => JSON.stringify(present(item))).join(',');
      if (!started) res.status(200).set({ 'content-type': 'application/json; charset=utf-8', ...headers });
      const open = await out.write(started ? `,${items}` : `[${items}`);
      started = true;
      if (!open) return; // the client went away: read no further
    }
  } catch (err) {
    if (!started) throw err;
    logger.error('A streamed list failed after its first byte', err);
    res.destroy(err as Error);
    return;
  }
  if (!started)
    res
      .status(200)
      .set({ 'content-type': 'application/json; charset=utf-8', ...headers })
      .end('[]');
  else res.end(']');
}

/** The requested page (listPage) of a short list read in full. */
export const paged = <T>(req: Request, items: T[]): T[] => slicePage(items, listPage(req));

/** The JSON body as an object (no body reads as {}); anything else, JSON null included, is BAD_USER_INPUT. */
export function body(req: Request): Record<string, unknown> {
  const b: unknown = req.body;
  if (b === undefined) return {};
  if (b === null || typeof b !== 'object' || Array.isArray(b)) throw new AppError('BAD_USER_INPUT', 'Expected a JSON object in the request body');
  return b as Record<string, unknown>;
}

function sendTooLarge(res: Response, limitBytes: number): void {
  res.status(413).json({ message: `The request body is too large (at most ${Math.round(limitBytes / 1024)} KB)`, code: 'PAYLOAD_TOO_LARGE' });
}

/**
 * Refuses a body whose Content-Length is over `limitBytes` at once (413, connection closed), without
 * reading it: the JSON parser would read the whole body before answering. Bodies without a length
 * (chunked) are still cut off by the parser's own limit.
 */
export function refuseOversizedBody(limitBytes: number): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers['content-length']);
    if (!Number.isFinite(length) || length <= limitBytes) return next();
    res.setHeader('Connection', 'close');
    sendTooLarge(res, limitBytes);
  };
}

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

/**
 * 503 with Retry-After: the database or Redis cannot be reached. The session is read before any route,
 * so /graphql gets it here too, in GraphQL's error shape and, as Apollo answers, in the GraphQL media
 * type when the client prefers it (Apollo Client then reads the errors).
 */
function sendUnavailable(req: Request, res: Response, err: AppError, cause: unknown): void {
  const reason = (cause instanceof Error ? cause.message : err.message).split('\n')[0].slice(-200);
  logger.warn(`${req.method} ${req.baseUrl}${req.path}: 503, ${reason}`);
  if (res.headersSent) return;
  res.status(503).setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.setHeader('Cache-Control', 'no-store');
  const fields = { code: err.code, ...(err.details ?? {}) };
  if (!req.originalUrl.startsWith('/graphql')) {
    res.json({ message: err.message, ...fields });
    return;
  }
  res.type(req.accepts(['application/json', GRAPHQL_RESPONSE]) === GRAPHQL_RESPONSE ? GRAPHQL_RESPONSE : 'application/json');
  res.send(JSON.stringify({ errors: [{ message: err.message, extensions: fields }] }));
}

/** Maps every error to a status and a readable JSON message (unknown errors are logged and masked). */
export function errorMiddleware(thrown: unknown, req: Request, res: Response, _next: NextFunction): void {
  const err = asAppError(thrown);
  const e = err as { type?: string; status?: number; limit?: number };
  if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') {
    sendUnavailable(req, res, err, thrown);
    return;
  }
  if (err instanceof AppError) {
    res.status(HTTP_STATUS[err.code]).json({ message: err.message, code: err.code, ...(err.details ?? {}) });
    return;
  }
  if (e?.type === 'entity.parse.failed') {
    res.status(400).json({ message: 'The request body is not valid JSON', code: 'BAD_USER_INPUT' });
    return;
  }
  if (e?.type === 'entity.too.large') {
    sendTooLarge(res, e.limit ?? 0);
    return;
  }
  if (e?.status && e.status >= 400 && e.status < 500) {
    res.status(e.status).json({ message: (err as Error).message || 'Bad request', code: 'BAD_USER_INPUT' });
    return;
  }
  logger.error('Unexpected error', err);
  res.status(500).json({ message: 'Something went wrong on the server. Please try again.', code: 'INTERNAL_SERVER_ERROR' });
}
