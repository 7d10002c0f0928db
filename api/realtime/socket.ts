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
import { isAllowedOrigin } from '../rest/origin-guard.js';
import { requestTimeZone } from '../rest/http.js';
import { subscribeShared } from './shared-execution.js';
import { bindSocketTarget, formatResult } from './socket-next.js';

/** Close code sent when the server restarts or stops; clients reconnect on it. */
export const CLOSE_SERVICE_RESTART = 1012;
/** Close code when the user's session ended (logout, deactivation, deletion); graphql-ws clients do not retry it. */
export const CLOSE_SESSION_ENDED = 4401;
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

type UpgradeRequest = http.IncomingMessage & { session?: { userId?: string }; sessionID?: string };

type SocketExtra = {
  userId?: string;
  sessionId?: string;
  operations?: Set<string>;
};

function sessionExists(runtime: AppRuntime, sid: string): Promise<boolean> {
  return new Promise((resolve) => runtime.sessions.get(sid, (err, data) => resolve(!err && !!data)));
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * graphql-ws on /graphql of the same http.Server: the session cookie authenticates the socket at the
 * upgrade (foreign origins refused), each operation gets its own context (forked EntityManager) and
 * passes the same validation and abuse limits as HTTP.
 */
export function attachSubscriptions({ httpServer, schema, runtime, sessionMiddleware }: AttachOptions): SubscriptionServer {
  // A message larger than an HTTP GraphQL body closes the socket (1009) before it is parsed.
  const wss = new WebSocketServer({ noServer: true, maxPayload: QUERY_LIMITS.maxBodyBytes });
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const sessionOf = new WeakMap<WebSocket, string | undefined>();
  let accepting = true;

  httpServer.on('upgrade', (req: UpgradeRequest, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/graphql') return refuse(socket, 404, 'Not Found');
    if (!accepting) return refuse(socket, 503, 'Service Unavailable');
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, runtime.config.allowedOrigins)) return refuse(socket, 403, 'Forbidden');
    sessionMiddleware(req as Request, {} as Response, () => {
      // Anonymous sockets are refused before they cost anything; the user is checked again at connection_init.
      if (!req.session?.userId) return refuse(socket, 401, 'Unauthorized');
      if (!accepting) return refuse(socket, 503, 'Service Unavailable');
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
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
        const userId = request.session?.userId;
        if (!userId) return false; // anonymous sockets cannot subscribe
        const probe = await createContext(runtime, { userId });
        if (!probe.actor) return false; // deactivated or deleted since the session began
        const ws = ctx.extra.socket;
        if (ws.readyState !== ws.OPEN) return false;
        ctx.extra.userId = userId;
        ctx.extra.sessionId = request.sessionID;
        ctx.extra.operations = new Set();
        sessionOf.set(ws, request.sessionID);
        const set = socketsByUser.get(userId) ?? new Set<WebSocket>();
        set.add(ws);
        socketsByUser.set(userId, set);
        ws.once('close', () => {
          set.delete(ws);
          if (set.size === 0 && socketsByUser.get(userId) === set) socketsByUser.delete(userId);
        });
        // A logout that raced this handshake (its disconnect message came before the socket was listed).
        if (request.sessionID && !(await sessionExists(runtime, request.sessionID))) return false;
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
          return [new GraphQLError('Only subscriptions are served over the WebSocket; send queries and mutations over HTTP', { extensions: { code: 'BAD_USER_INPUT' } })];
        }
        const operations = ctx.extra.operations ?? new Set<string>();
        if (operations.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return [new GraphQLError(`At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`, { extensions: { code: 'BAD_USER_INPUT' } })];
        }
        operations.add(id);
        const args: ExecutionArgs = { schema, document, variableValues: payload.variables, operationName: payload.operationName };
        return args;
      },
      // Results graphql-ws sends itself (a refused subscribe, other subscriptions): errors formatted as over HTTP.
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? formatResult(result) : undefined),
      onComplete: (ctx, id) => {
        ctx.extra.operations?.delete(id);
      },
      context: async (ctx, id) => {
        const context = await createContext(runtime, {
          userId: ctx.extra.userId ?? null,
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

  // Logout, deactivation and deletion close that user's sockets on every process.
  const stopDisconnects = runtime.realtime.onUserDisconnect((message) => {
    for (const ws of socketsByUser.get(message.userId) ?? []) {
      if (message.sessionId && sessionOf.get(ws) !== message.sessionId) continue;
      ws.close(CLOSE_SESSION_ENDED, 'Session ended');
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
        return { async drainServer() { await close(); } };
      },
    },
    close,
    connectionCount: () => wss.clients.size,
  };
}
