import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler, Request, Response } from 'express';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { GraphQLError, parse, specifiedRules, validate, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { createContext, type AppRuntime } from '../common/context.js';
import { logger } from '../common/logger.js';
import { queryLimitsRule } from '../graphql/limits.js';
import { isAllowedOrigin } from '../rest/origin-guard.js';
import { requestTimeZone } from '../rest/http.js';

/** Close code sent when the server restarts or stops; clients reconnect on it. */
export const CLOSE_SERVICE_RESTART = 1012;
/** Close code when the user's session ended (logout, deactivation, deletion). */
export const CLOSE_SESSION_ENDED = 4401;

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

type UpgradeRequest = http.IncomingMessage & { session?: { userId?: string } };

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
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const socketsByUser = new Map<string, Set<WebSocket>>();
  let accepting = true;

  httpServer.on('upgrade', (req: UpgradeRequest, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/graphql') return refuse(socket, 404, 'Not Found');
    if (!accepting) return refuse(socket, 503, 'Service Unavailable');
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, runtime.config.allowedOrigins)) return refuse(socket, 403, 'Forbidden');
    sessionMiddleware(req as Request, {} as Response, () => {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    });
  });

  const disposable = useServer<Record<string, unknown>, { userId?: string }>(
    {
      schema,
      onConnect: async (ctx) => {
        const request = ctx.extra.request as UpgradeRequest;
        const userId = request.session?.userId;
        if (!userId) return false; // anonymous sockets cannot subscribe
        const probe = await createContext(runtime, { userId });
        if (!probe.actor) return false;
        ctx.extra.userId = userId;
        const set = socketsByUser.get(userId) ?? new Set<WebSocket>();
        set.add(ctx.extra.socket);
        socketsByUser.set(userId, set);
        ctx.extra.socket.once('close', () => {
          set.delete(ctx.extra.socket);
          if (set.size === 0) socketsByUser.delete(userId);
        });
        return true;
      },
      onSubscribe: (ctx, _id, payload) => {
        let document;
        try {
          document = parse(payload.query);
        } catch (err) {
          return [err as GraphQLError];
        }
        const errors = validate(schema, document, [...specifiedRules, queryLimitsRule(payload.variables ?? {})]);
        if (errors.length > 0) return errors;
        const args: ExecutionArgs = { schema, document, variableValues: payload.variables, operationName: payload.operationName };
        return args;
      },
      context: (ctx) =>
        createContext(runtime, {
          userId: ctx.extra.userId ?? null,
          timeZone: requestTimeZone(typeof ctx.connectionParams?.timeZone === 'string' ? ctx.connectionParams.timeZone : undefined),
          ip: ctx.extra.request.socket.remoteAddress ?? 'unknown',
        }),
    },
    wss,
  );

  // Logout, deactivation and deletion close that user's sockets on every process.
  const disconnects = runtime.realtime.subscribeDisconnects();
  void (async () => {
    try {
      for await (const message of disconnects) {
        for (const ws of socketsByUser.get(message.userId) ?? []) ws.close(CLOSE_SESSION_ENDED, 'Session ended');
      }
    } catch (err) {
      logger.warn('Disconnect listener stopped', err);
    }
  })();

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      accepting = false;
      for (const ws of wss.clients) ws.close(CLOSE_SERVICE_RESTART, 'Server restarting');
      await (disconnects as AsyncGenerator).return?.(undefined);
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
