import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler, Request, Response } from 'express';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { GraphQLError, getOperationAST, parse, specifiedRules, validate, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { createContext, type AppRuntime } from '../common/context.js';
import { logger } from '../common/logger.js';
import { asRefusals, PARSE_OPTIONS, QUERY_LIMITS, queryLimitRules } from '../graphql/limits.js';
import { withinCeiling } from '../graphql/response-ceiling.js';
import { isAllowedOrigin } from '../rest/origin-guard.js';
import { requestTimeZone } from '../rest/http.js';
import { subscribeShared } from './shared-execution.js';
import { bindSocketTarget, formatResult } from './socket-next.js';
import { bearerToken } from '../modules/token/bearer.js';
import { authenticateToken, tokenExists, type TokenIdentity } from '../modules/token/token.service.js';
import { SESSION_COOKIE } from '../rest/http.js';
import { setupPendingFor } from '../auth/two-factor/two-factor.gate.js';

/** Close code sent when the server restarts or stops; clients reconnect on it. */
export const CLOSE_SERVICE_RESTART = 1012;
/** Close code when the user's session ended (logout, deactivation, deletion, a password change); graphql-ws clients do not retry it. */
export const CLOSE_SESSION_ENDED = 4401;
/** Close code of a session that must set up two-factor sign-in first (the web client shows the set-up). */
export const CLOSE_TWO_FACTOR_SETUP = 4403;
/** Subscriptions one socket may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 50;

export interface SubscriptionServer {
  apolloPlugin: ApolloServerPlugin;
  /** Closes every socket with a code clients reconnect on and stops accepting upgrades. */
  close(): Promise<void>;
  connectionCount(): number;
}

interface AttachOptions {
  httpServer: http.Server;
  schema: GraphQLSchema;
  runtime: AppRuntime;
  sessionMiddleware: RequestHandler;
}

type UpgradeRequest = http.IncomingMessage & {
  session?: { userId?: string; signedInWith?: 'password' | 'passkey' | 'sso' };
  sessionID?: string;
  apiToken?: TokenIdentity;
};

type SocketExtra = {
  userId?: string;
  sessionId?: string;
  tokenId?: string;
  operations?: Set<string>;
};

/** Whether the session is still there; a session store that cannot be read rejects (the socket closes 4500 and retries, not 4401). */
function sessionExists(runtime: AppRuntime, sid: string): Promise<boolean> {
  return new Promise((resolve, reject) => runtime.sessions.get(sid, (err, data) => (err ? reject(err) : resolve(!!data))));
}

/** True when the upgrade request carries the session cookie (whatever its value). */
function hasSessionCookie(cookie: string | undefined): boolean {
  return !!cookie && cookie.split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * Closes a socket that has no valid session or token with CLOSE_SESSION_ENDED (graphql-ws clients do
 * not retry it; the web client shows its sign-in screen) and answers graphql-ws's onConnect with false.
 */
function closeUnauthenticated(ws: WebSocket, reason: string): false {
  ws.close(CLOSE_SESSION_ENDED, reason);
  return false;
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * graphql-ws on /graphql of the same http.Server: the session cookie authenticates the socket at the
 * upgrade (foreign origins refused), each operation gets its own context (forked EntityManager) and
 * passes the same validation and abuse limits as HTTP. A session that is gone, whether before the
 * upgrade, during the handshake or later (logout, deactivation), ends in close code 4401, which the
 * web client answers with its sign-in screen.
 *
 * A personal API token authenticates a socket instead: an `Authorization: Bearer` header on the upgrade
 * (checked there, 401 when unknown) or `connectionParams.authorization` in connection_init (checked
 * then; an unknown token closes the socket with 4401). An upgrade without the session cookie is
 * therefore let through, whatever its Origin (a token is no ambient credential), and must authenticate
 * within graphql-ws's connection_init timeout; one that brings no credential is closed with 4401.
 */
export function attachSubscriptions({ httpServer, schema, runtime, sessionMiddleware }: AttachOptions): SubscriptionServer {
  // A message larger than an HTTP GraphQL body closes the socket (1009) before it is parsed.
  const wss = new WebSocketServer({ noServer: true, maxPayload: QUERY_LIMITS.maxBodyBytes });
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const sessionOf = new WeakMap<WebSocket, string | undefined>();
  const tokenOf = new WeakMap<WebSocket, string>();
  const now = () => runtime.clock?.() ?? new Date();
  let accepting = true;

  /** Completes the upgrade only to close the socket at once with CLOSE_SESSION_ENDED. */
  const endSessionAtUpgrade = (req: UpgradeRequest, socket: Duplex, head: Buffer) =>
    wss.handleUpgrade(req, socket, head, (ws) => closeUnauthenticated(ws, 'Session ended'));

  httpServer.on('upgrade', (req: UpgradeRequest, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/graphql') return refuse(socket, 404, 'Not Found');
    if (!accepting) return refuse(socket, 503, 'Service Unavailable');
    const accept = () => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    const bearer = bearerToken(req.headers.authorization);
    if (bearer !== null) {
      authenticateToken(runtime.orm, bearer, now()).then(
        (identity) => {
          if (!identity) return refuse(socket, 401, 'Unauthorized');
          if (!accepting) return refuse(socket, 503, 'Service Unavailable');
          req.apiToken = identity;
          accept();
        },
        (err: unknown) => {
          logger.error('Could not check an API token at a socket upgrade', err);
          refuse(socket, 500, 'Internal Server Error');
        },
      );
      return;
    }
    // No session cookie: a token socket (connectionParams.authorization at connection_init).
    if (!hasSessionCookie(req.headers.cookie)) return accept();
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, runtime.config.allowedOrigins)) return refuse(socket, 403, 'Forbidden');
    sessionMiddleware(req as Request, {} as Response, (err?: unknown) => {
      // The session store cannot be read (Redis or the database is down): 503, and the browser tries again.
      if (err || !accepting) return refuse(socket, 503, 'Service Unavailable');
      // A cookie without a session (ended, expired or forged) gets the close code a browser can read
      // (an HTTP status is hidden from it), so the page shows its sign-in screen instead of retrying
      // quietly for ever; the socket never reaches graphql-ws. The user is checked again at connection_init.
      if (!req.session?.userId) return endSessionAtUpgrade(req, socket, head);
      accept();
    });
  });

  const disposable = useServer<Record<string, unknown>, SocketExtra>(
    {
      schema,
      // Board events: one execution and one serialisation per viewer class per event, not one per socket;
      // the fan-out writes their `next` messages itself (socket-next.ts), so onNext would not see them.
      subscribe: subscribeShared,
      onConnect: async (ctx) => {
        const request = ctx.extra.request as UpgradeRequest;
        const ws = ctx.extra.socket;
        // A token (upgrade header or connectionParams) wins over a session cookie.
        const paramToken = bearerToken(ctx.connectionParams?.authorization);
        let identity = request.apiToken ?? null;
        if (!identity && paramToken !== null) {
          identity = await authenticateToken(runtime.orm, paramToken, now());
          if (!identity) return closeUnauthenticated(ws, 'Invalid or revoked API token');
        }
        const userId = identity ? identity.userId : request.session?.userId;
        // Anonymous sockets cannot subscribe: a cookie cleared by a logout in another tab arrives here.
        if (!userId) return closeUnauthenticated(ws, 'Not signed in');
        const probe = await createContext(runtime, { userId });
        if (!probe.actor) return closeUnauthenticated(ws, 'Session ended'); // deactivated or deleted since the session began
        // A password session that must set up two-factor first (Admin › Security) gets no subscription.
        if (!identity && (await setupPendingFor(runtime, userId, request.session?.signedInWith ?? 'password'))) {
          ws.close(CLOSE_TWO_FACTOR_SETUP, 'Two-factor setup required');
          return false;
        }
        if (ws.readyState !== ws.OPEN) return false;
        ctx.extra.userId = userId;
        ctx.extra.operations = new Set();
        if (identity) {
          ctx.extra.tokenId = identity.tokenId;
          tokenOf.set(ws, identity.tokenId);
        } else {
          ctx.extra.sessionId = request.sessionID;
          sessionOf.set(ws, request.sessionID);
        }
        const set = socketsByUser.get(userId) ?? new Set<WebSocket>();
        set.add(ws);
        socketsByUser.set(userId, set);
        ws.once('close', () => {
          set.delete(ws);
          if (set.size === 0 && socketsByUser.get(userId) === set) socketsByUser.delete(userId);
        });
        // A logout or revocation that raced this handshake (its disconnect message came before the socket was listed).
        if (identity) return (await tokenExists(runtime.orm, identity.tokenId)) || closeUnauthenticated(ws, 'Invalid or revoked API token');
        if (request.sessionID && !(await sessionExists(runtime, request.sessionID))) return closeUnauthenticated(ws, 'Session ended');
        return true;
      },
      onSubscribe: (ctx, id, payload) => {
        // The same parse options and rules as HTTP; a refused document is an `error` message for this
        // operation (BAD_USER_INPUT), the socket stays open.
        let document;
        try {
          document = parse(payload.query, PARSE_OPTIONS);
        } catch (err) {
          if (err instanceof GraphQLError) return asRefusals([err]);
          throw err;
        }
        const errors = validate(schema, document, [...specifiedRules, ...queryLimitRules(payload.variables ?? {})]);
        if (errors.length > 0) return asRefusals(errors);
        // Queries and mutations go over HTTP (origin guard, CSRF prevention, session changes, rate limits).
        if (getOperationAST(document, payload.operationName)?.operation !== 'subscription') {
          return [
            new GraphQLError('Only subscriptions are served over the WebSocket; send queries and mutations over HTTP', {
              extensions: { code: 'BAD_USER_INPUT' },
            }),
          ];
        }
        const operations = ctx.extra.operations ?? new Set<string>();
        if (operations.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return [new GraphQLError(`At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`, { extensions: { code: 'BAD_USER_INPUT' } })];
        }
        operations.add(id);
        const args: ExecutionArgs = { schema, document, variableValues: payload.variables, operationName: payload.operationName };
        return args;
      },
      // Results graphql-ws sends itself (a refused subscribe, other subscriptions): errors formatted as
      // over HTTP, and an answer over the response ceiling replaced by its error (response-ceiling.ts).
      onNext: (_ctx, _id, _payload, args, result) => {
        const formatted = result.errors ? formatResult(result) : result;
        const kept = withinCeiling(formatted, 'subscription', args.operationName);
        return kept === result ? undefined : kept;
      },
      onComplete: (ctx, id) => {
        ctx.extra.operations?.delete(id);
      },
      context: async (ctx, id) => {
        const context = await createContext(runtime, {
          userId: ctx.extra.userId ?? null,
          tokenId: ctx.extra.tokenId ?? null,
          timeZone: requestTimeZone(typeof ctx.connectionParams?.timeZone === 'string' ? ctx.connectionParams.timeZone : undefined),
          ip: ctx.extra.request.socket.remoteAddress ?? 'unknown',
        });
        // Board events of this operation are written to the socket by the fan-out (socket-next.ts).
        bindSocketTarget(context, ctx.extra.socket, id);
        return context;
      },
    },
    wss,
  );

  // Logout, token revocation, deactivation, deletion and a password change close that user's sockets on every process.
  const stopDisconnects = runtime.realtime.onUserDisconnect((message) => {
    for (const ws of socketsByUser.get(message.userId) ?? []) {
      if (message.sessionId && sessionOf.get(ws) !== message.sessionId) continue;
      if (message.tokenId && tokenOf.get(ws) !== message.tokenId) continue;
      if (message.sessionSocketsOnly && tokenOf.has(ws)) continue;
      if (message.keepSessionId && sessionOf.get(ws) === message.keepSessionId) continue;
      closeUnauthenticated(ws, 'Session ended');
    }
  });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      accepting = false;
      for (const ws of wss.clients) ws.close(CLOSE_SERVICE_RESTART, 'Server restarting');
      stopDisconnects();
      await disposable.dispose(); // also closes the WebSocketServer
    })();
    return closing;
  };

  return {
    apolloPlugin: {
      async serverWillStart() {
        return {
          async drainServer() {
            await close();
          },
        };
      },
    },
    close,
    connectionCount: () => wss.clients.size,
  };
}
