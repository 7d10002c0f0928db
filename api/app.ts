import 'reflect-metadata';
import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import session from 'express-session';
import helmet from 'helmet';
import compression from 'compression';
import { Redis, type RedisOptions } from 'ioredis';
import { MikroORM } from '@mikro-orm/core';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { leanExecutionPlugins } from './graphql/lean-plugins.js';
import { jitGateway } from './graphql/jit-executor.js';
import type { AppConfig } from './config.js';
import type { AppRuntime, ServiceContext } from './common/context.js';
import { logger } from './common/logger.js';
import { ormOptions } from './db/orm.config.js';
import { seedCatalog, seedDemo } from './db/seed.js';
import { DatabaseSessionStore, RedisSessionStore, type AppSessionStore } from './auth/session-store.js';
import { createLoginLimiter, type LoginLimiter, type LoginLimiterStore } from './auth/rate-limit.js';
import { createInProcessHub, createRedisHub, type RealtimeHub } from './realtime/hub.js';
import { buildAppSchema } from './graphql/schema.js';
import { formatError, unavailablePlugin, withUnavailableStatus } from './graphql/format-error.js';
import { costLimitPlugin, PARSE_OPTIONS, QUERY_LIMITS, queryShapeRules } from './graphql/limits.js';
import { responseCeilingPlugin } from './graphql/response-ceiling.js';
import { restRouter } from './rest/router.js';
import { originGuard } from './rest/origin-guard.js';
import { shareFallback } from './rest/share-fallback.js';
import { contextForRequest, errorMiddleware, refuseOversizedBody, SESSION_COOKIE } from './rest/http.js';
import { attachSubscriptions, type SubscriptionServer } from './realtime/socket.js';
import { closeBoardFanout } from './realtime/board-fanout.js';
import { closePresence, presenceStore } from './modules/presence/index.js';
import { schedulePruning } from './realtime/board.service.js';
import { bearerAuth, sessionUnlessToken } from './modules/token/bearer.js';
import { markSessionSeen, pruneSecurityEvents } from './auth/sessions/index.js';
import { twoFactorGate, twoFactorGatePlugin } from './auth/two-factor/two-factor.gate.js';
import { sealClearSecrets } from './auth/two-factor/two-factor.at-rest.js';
import { explorerPage } from './graphql/explorer.js';
import { listenForWebhookEvents } from './modules/webhook/webhook.events.js';
import { startWebhookWorker } from './modules/webhook/webhook.worker.js';
import { QUEUE_EVERY_EVENT, watchWebhookInterest } from './modules/webhook/webhook.interest.js';
import { startNotifications, type NotificationRuntime } from './modules/notification/notification.runtime.js';
import { createEmailInListener } from './modules/email-in/email-in.listener.js';
import { signedInActor } from './modules/user/user.loaders.js';
import { readinessCheck } from './modules/system/system.service.js';
import { SERVER_MODULES } from './modules/index.js';
import { entitiesOf } from './common/module.js';
import { RETRY_AFTER_SECONDS } from './common/errors.js';
import { unreachableDependency } from './common/unreachable.js';

export interface AppOptions {
  /** Called with every SQL statement (tests count the board query's statements). */
  onQuery?: (sql: string) => void;
  clock?: () => Date;
}

export interface RunningApp {
  runtime: AppRuntime;
  httpServer: http.Server;
  /** Notifications: the reminder scheduler and the mailer (tests run a round or wait for mail). */
  notifications: NotificationRuntime;
  /** Binds the port; resolves with the bound port. */
  listen(): Promise<number>;
  /** Stops accepting, finishes requests in flight, closes sockets, the database and Redis. */
  close(): Promise<void>;
}

/**
 * Redis clients that answer a request fail at once while Redis is down instead of queueing the command
 * until it returns (a request would wait seconds, then fail anyway): 503 at once, and a Redis that
 * accepts but does not answer fails a command after 2 s (docs/DECISIONS.md, "Readiness").
 */
const FAIL_FAST: RedisOptions = { enableOfflineQueue: false, commandTimeout: 2000 };
/** The subscriber's SUBSCRIBEs wait for a connection, however long (ioredis subscribes again after a reconnect). */
const WAIT_FOR_CONNECTION: RedisOptions = { maxRetriesPerRequest: null };

/** Resolves when a Redis client's first connection attempt has settled: ready, or failed (it keeps retrying). */
function firstConnection(client: Redis): Promise<void> {
  return new Promise((resolve) => {
    if (client.status === 'ready') return resolve();
    const settled = () => {
      client.off('ready', settled);
      client.off('error', settled);
      resolve();
    };
    client.once('ready', settled);
    client.once('error', settled);
  });
}

/** Any constant: the PostgreSQL advisory lock that lets one process at a time migrate and seed. */
const MIGRATION_LOCK = 7_245_913;

/**
 * The database, migrated and seeded. A PostgreSQL that cannot be reached at start stops the start with
 * a message that says where it was looked for (docs/DECISIONS.md, "Readiness"): the process manager
 * restarts the server, which then migrates before it serves.
 */
async function openDatabase(config: AppConfig, options: AppOptions): Promise<MikroORM> {
  try {
    return await openAndMigrate(config, options);
  } catch (err) {
    if (!config.databaseUrl || unreachableDependency(err) !== 'database') throw err;
    const url = new URL(config.databaseUrl);
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new Error(
      `Cannot reach the PostgreSQL database ${url.pathname.slice(1)} at ${url.hostname}:${url.port || 5432} (${reason}). Start PostgreSQL or correct DATABASE_URL, then start the server again.`,
      { cause: err },
    );
  }
}

async function openAndMigrate(config: AppConfig, options: AppOptions): Promise<MikroORM> {
  const orm = await MikroORM.init(
    ormOptions({
      entities: entitiesOf(SERVER_MODULES),
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onQuery: options.onQuery,
      sqliteSynchronous: config.sqliteSynchronous,
    }),
  );
  const prepare = async () => {
    await orm.migrator.up();
    const em = orm.em.fork();
    await seedCatalog(em);
    if (config.seedDemo) await seedDemo(em);
  };
  if (config.databaseUrl) {
    // Several processes starting at once against one PostgreSQL database: the others wait here while
    // one applies the migrations (on other pooled connections), then find nothing left to do.
    const knex = (
      orm.em.getConnection() as unknown as {
        getKnex(): { transaction<T>(fn: (trx: { raw(sql: string, bindings: unknown[]): Promise<unknown> }) => Promise<T>): Promise<T> };
      }
    ).getKnex();
    await knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
      await prepare();
    });
  } else {
    await prepare();
  }
  return orm;
}

/**
 * The Content-Security-Policy (and helmet's other headers). Beyond 'self' (which covers same-origin
 * WebSockets in CSP Level 3 browsers), the page may connect to and show images from the configured
 * ALLOWED_ORIGINS only: each http(s) origin, plus its WebSocket twin (https → wss, http → ws) for
 * connections. Entries that are not http(s) origins are left out, so they can never add a source.
 */
function contentSecurity(allowedOrigins: string[]) {
  const origins = allowedOrigins.flatMap((entry) => {
    try {
      const url = new URL(entry);
      return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
    } catch {
      return [];
    }
  });
  const withSockets = origins.flatMap((origin) => [origin, origin.replace(/^http/, 'ws')]);
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...origins],
        connectSrc: ["'self'", ...withSockets],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The app's service worker and web app manifest (issue 19), both same-origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
}

/**
 * The same headers as a header-only middleware (helmet's), set by one function: helmet runs a chain of
 * 13 middlewares per request (a quarter of a millisecond, on every request) to set headers that do not
 * depend on the request. They are recorded once against a stand-in response and replayed; a middleware
 * that does not finish at once (so it might depend on the request) is used as it is.
 */
function precomputedHeaders(middleware: (req: express.Request, res: express.Response, next: (err?: unknown) => void) => void): express.RequestHandler {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  let finished = false;
  const standIn = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
    getHeader: () => undefined,
  };
  middleware({ headers: {}, method: 'GET', url: '/' } as express.Request, standIn as unknown as express.Response, (err) => {
    finished = !err;
  });
  if (!finished) return middleware;
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/** Files of the web client served with `no-cache`: HTML, the service worker (sw.js, sw-share.js, workbox-*.js), the manifest. */
const REVALIDATED = /(\.html|\.webmanifest|^sw(-share)?\.js|^workbox-[\w-]+\.js)$/;

/** Serves the built web client with a fallback to index.html for client routes, or a plain page. */
function webClient(config: AppConfig): express.Router {
  const r = express.Router();
  const index = path.join(config.webDir, 'index.html');
  if (existsSync(index)) {
    // Hashed build output never changes under its name; HTML (and other unhashed files) must be revalidated,
    // and so must the service worker, its Workbox runtime and the manifest, so a new version is found.
    r.use(
      express.static(config.webDir, {
        index: false,
        maxAge: '1h',
        setHeaders: (res, file) => {
          if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          else if (REVALIDATED.test(path.basename(file))) res.setHeader('Cache-Control', 'no-cache');
        },
      }),
    );
    r.get(/^(?!\/(api|graphql)(\/|$)).*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  } else {
    r.get('/', (_req, res) => {
      res
        .type('html')
        .send(
          '<!doctype html><title>Let work flow</title><h1>Let work flow</h1><p>The API is running: GraphQL at /graphql, REST at /api. Build the web client with <code>npm run build:web</code>.</p>',
        );
    });
  }
  return r;
}

/** Builds the whole server on one http.Server: REST, GraphQL over HTTP and WebSocket, the web client. */
export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<RunningApp> {
  logger.setLevel(config.logLevel);
  const orm = await openDatabase(config, options);
  // Two-factor secrets still in clear (from before they were sealed, or a workspace import) are sealed now.
  await sealClearSecrets(orm, config.sessionSecret);

  const redisClients: Redis[] = [];
  const redis = (role: string, options: RedisOptions) => {
    const client = new Redis(config.redisUrl!, { lazyConnect: false, maxRetriesPerRequest: 3, connectionName: `lwf-${role}`, ...options });
    client.on('error', (err) => logger.warn(`Redis (${role}) error: ${err.message}`));
    redisClients.push(client);
    return client;
  };

  let sessions: AppSessionStore;
  let realtime: RealtimeHub;
  let loginLimiter: LoginLimiter;
  let pingRedis: (() => Promise<unknown>) | null = null;
  let limiterStore: LoginLimiterStore = { kind: 'memory' };
  if (config.redisUrl) {
    const main = redis('main', FAIL_FAST);
    pingRedis = () => main.ping();
    sessions = new RedisSessionStore(main, config.sessionMaxAgeMs, `${config.redisPrefix}sess:`);
    limiterStore = { kind: 'redis', client: main, keyPrefix: `${config.redisPrefix}rl:` };
    loginLimiter = createLoginLimiter(config.loginLimit, limiterStore);
    realtime = createRedisHub(redis('publish', FAIL_FAST), redis('subscribe', WAIT_FOR_CONNECTION), config.redisPrefix);
    // Commands are not queued: the first requests must not find the clients still connecting. A Redis
    // that is down at start does not stop the server: it starts not ready (/readyz) and answers 503.
    await Promise.all(redisClients.map(firstConnection));
  } else {
    sessions = new DatabaseSessionStore(orm, config.sessionMaxAgeMs);
    loginLimiter = createLoginLimiter(config.loginLimit, { kind: 'memory' });
    realtime = createInProcessHub();
  }

  // One process (no Redis) knows its webhooks exactly; with several, every event is queued and the worker decides.
  const webhookInterest = config.redisUrl ? QUEUE_EVERY_EVENT : await watchWebhookInterest(orm);
  const runtime: AppRuntime = {
    orm,
    config,
    realtime,
    sessions,
    loginLimiter,
    loaders: SERVER_MODULES.flatMap((m) => (m.loaders ? [m.loaders] : [])),
    actorOf: signedInActor,
    taskParts: SERVER_MODULES.flatMap((m) => (m.taskPart ? [m.taskPart] : [])),
    taskFilters: SERVER_MODULES.flatMap((m) => m.taskFilters ?? []),
    configKeyHolders: SERVER_MODULES.flatMap((m) => (m.configKeyHolder ? [m.configKeyHolder] : [])),
    webhookInterest,
    readiness: readinessCheck(orm, pingRedis),
    clock: options.clock,
  };
  const app = express();
  app.locals.runtime = runtime;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // JSON, HTML, JS and CSS of 1 KB or more, brotli or gzip as the client accepts (WebSocket upgrades never pass here).
  app.use(compression({ threshold: 1024 }));
  // No ETag hashing of every JSON body (a SHA-1 over megabytes for the task list): API responses are no-store.
  app.set('etag', false);
  app.use(precomputedHeaders(contentSecurity(config.allowedOrigins)));

  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: sessions,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: config.sessionMaxAgeMs, path: '/' },
  });
  // Liveness (the process answers) and readiness (the database and Redis answer), before any session read.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const readiness = await runtime.readiness();
    res.setHeader('Cache-Control', 'no-store');
    if (!readiness.ready) res.status(503).setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.json({ status: readiness.ready ? 'ready' : 'not ready', database: readiness.database, redis: readiness.redis, unreachable: readiness.unreachable });
  });
  // Authorization: Bearer (personal API tokens) first: a token request skips the session entirely.
  app.use(bearerAuth(runtime));
  app.use(sessionUnlessToken(sessionMiddleware));
  app.use(markSessionSeen(runtime));
  // "Require two-factor" (Admin › Security): a password session that has not set it up reaches only the set-up.
  app.use(['/api', '/graphql'], twoFactorGate(runtime));

  const guard = originGuard(config.allowedOrigins);
  app.use('/api', restRouter(guard, SERVER_MODULES));

  const httpServer = http.createServer(app);
  // Idle keep-alive sockets stay open longer than clients and proxies keep them (Node closes them after
  // 5 s, and a client that reuses one at that moment gets ECONNRESET on a request the server never saw).
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  const schema = await buildAppSchema(SERVER_MODULES, realtime.pubSub);
  const subscriptions: SubscriptionServer = attachSubscriptions({ httpServer, schema, runtime, sessionMiddleware });
  const apollo = new ApolloServer<ServiceContext>({
    // The schema, executed through graphql-jit for repeated queries (jit-executor.ts; docs/DECISIONS.md, performance).
    gateway: jitGateway(schema),
    formatError,
    // Abuse limits (limits.ts), the same as the socket's: tokens while parsing, then graphql-armor's
    // depth, alias and directive rules beside graphql's own (which refuse fragment cycles); the cost
    // limit with the request's variables (costLimitPlugin) and the response ceiling (response-ceiling.ts).
    parseOptions: PARSE_OPTIONS,
    validationRules: queryShapeRules(),
    introspection: config.introspection,
    hideSchemaDetailsFromClientErrors: config.isProduction,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // main.ts owns SIGTERM/SIGINT (app.close()); Apollo's own handlers (on outside NODE_ENV=test) made
    // shutdown hang until the force-exit timer.
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      ...leanExecutionPlugins(),
      subscriptions.apolloPlugin,
      unavailablePlugin,
      twoFactorGatePlugin,
      costLimitPlugin(),
      responseCeilingPlugin(),
    ],
  });
  await apollo.start();
  // A browser opening /graphql gets the API explorer (or the sign-in screen); API calls pass on.
  app.get('/graphql', explorerPage(config));
  app.use(
    '/graphql',
    guard,
    // A large document is refused before it is read or parsed (413), so it cannot hold the event loop.
    refuseOversizedBody(QUERY_LIMITS.maxBodyBytes),
    express.json({ limit: QUERY_LIMITS.maxBodyBytes }),
    expressMiddleware(apollo, { context: withUnavailableStatus(({ req, res }) => contextForRequest(req, res)) }),
  );
  app.use(shareFallback(config.attachmentMaxBytes));
  app.use(webClient(config));
  // Body errors before Apollo (malformed JSON, too large) and the origin guard on /graphql.
  app.use(errorMiddleware);

  // The board event log (catch-up after a dropped connection) keeps 7 days; security events SECURITY_EVENT_RETENTION_DAYS.
  const retentionDays = config.securityEventRetentionDays;
  const stopPruning = schedulePruning(
    orm,
    options.clock,
    retentionDays > 0 ? [{ what: `security events older than ${retentionDays} days`, prune: (db, now) => pruneSecurityEvents(db, now, retentionDays) }] : [],
  );
  // Webhooks: changes queue their events in the outbox (same transaction); this process's worker delivers them.
  listenForWebhookEvents();
  const webhooks = startWebhookWorker(orm, config, options.clock);
  // Notifications of task changes (a flush subscriber), due-date reminders and their emails.
  const notifications = startNotifications(runtime);
  // Presence listens from the start, so this process knows the views other processes announce.
  presenceStore(runtime);
  // Email-in's SMTP listener (INBOUND_SMTP_PORT), bound with the HTTP port.
  const emailIn = createEmailInListener(runtime, limiterStore);

  let closing: Promise<void> | null = null;
  return {
    runtime,
    httpServer,
    notifications,
    listen: () =>
      new Promise<number>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(config.port, config.host, () => {
          const address = httpServer.address();
          resolve(typeof address === 'object' && address ? address.port : config.port);
        });
      }).then(async (port) => {
        await emailIn?.listen();
        return port;
      }),
    close: () => {
      closing ??= (async () => {
        stopPruning();
        await emailIn?.close();
        await notifications.close();
        await subscriptions.close();
        closeBoardFanout(runtime);
        closePresence(runtime);
        await apollo.stop(); // stops accepting and drains requests in flight
        await webhooks.stop(); // attempts in flight are aborted and handed back to the queue
        if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await realtime.close();
        await Promise.all(redisClients.map((c) => c.quit().catch(() => c.disconnect())));
        await orm.close(true);
      })();
      return closing;
    },
  };
}
