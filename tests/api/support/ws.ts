import WebSocket from 'ws';
import { createClient, type Client as GraphqlWsClient } from 'graphql-ws';

/** The graphql-ws URL of a test server. */
export const wsUrl = (baseUrl: string): string => `${baseUrl.replace(/^http/, 'ws')}/graphql`;

export interface SocketOptions {
  /** The Cookie header (Client.cookieHeader()); none for an anonymous socket. */
  cookie?: string;
  /** The Origin header; the server's own origin by default. */
  origin?: string | null;
  timeZone?: string;
  /** More connection_init payload (e.g. `authorization: 'Bearer lwf_...'` for a token socket). */
  connectionParams?: Record<string, unknown>;
  /** More upgrade request headers (e.g. Authorization). */
  headers?: Record<string, string>;
}

export interface Socket {
  client: GraphqlWsClient;
  /** Resolves with the close code once the socket closes (after it was opened). */
  closed: Promise<number>;
  subscribe<T = any>(query: string, variables?: Record<string, unknown>): Subscription<T>;
  dispose(): Promise<void>;
}

export interface Subscription<T = any> {
  /** Every result received so far (data or errors). */
  results: { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }[];
  /** The data of each result received so far. */
  events: T[];
  /** Resolves with the first result (received or still to come) that matches; rejects after `timeoutMs`. */
  waitFor(match: (data: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Resolves when the server completes the subscription or it errors; the error if any. */
  done: Promise<unknown>;
  unsubscribe(): void;
}

/** A graphql-ws client that sends the cookie and origin headers a browser would, and never retries. */
export function openSocket(baseUrl: string, options: SocketOptions = {}): Socket {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? baseUrl : options.origin;
  if (origin) headers.origin = origin;
  class HeaderWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  let resolveClosed: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  const client = createClient({
    url: wsUrl(baseUrl),
    webSocketImpl: HeaderWebSocket,
    connectionParams:
      options.timeZone || options.connectionParams ? { ...options.connectionParams, ...(options.timeZone ? { timeZone: options.timeZone } : {}) } : undefined,
    retryAttempts: 0,
    lazy: true,
    on: { closed: (event) => resolveClosed((event as { code?: number })?.code ?? 0) },
  });

  return {
    client,
    closed,
    subscribe<T>(query: string, variables?: Record<string, unknown>): Subscription<T> {
      const results: Subscription<T>['results'] = [];
      const waiters: { match: (d: T) => boolean; resolve: (d: T) => void }[] = [];
      let finish: (err?: unknown) => void = () => {};
      const done = new Promise<unknown>((resolve) => (finish = resolve));
      const unsubscribe = client.subscribe<T>(
        { query, variables },
        {
          next: (result) => {
            results.push(result as Subscription<T>['results'][number]);
            const data = result.data as T | undefined;
            if (!data) return;
            for (const w of [...waiters]) {
              if (w.match(data)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(data);
              }
            }
          },
          error: (err) => finish(err),
          complete: () => finish(),
        },
      );
      const sub: Subscription<T> = {
        results,
        get events() {
          return results.filter((r) => r.data).map((r) => r.data as T);
        },
        waitFor(match, timeoutMs = 3_000) {
          const seen = sub.events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise<T>((resolve, reject) => {
            const waiter = { match, resolve: (d: T) => (clearTimeout(timer), resolve(d)) };
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              reject(new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(results)}`));
            }, timeoutMs);
            waiters.push(waiter);
          });
        },
        done,
        unsubscribe,
      };
      return sub;
    },
    dispose: async () => {
      await client.dispose();
    },
  };
}

/**
 * Opens a raw WebSocket upgrade and reports how it ended: the HTTP status when the upgrade was
 * refused, or the close code of the socket.
 */
export function probeUpgrade(baseUrl: string, headers: Record<string, string>): Promise<{ status?: number; closeCode?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl(baseUrl), 'graphql-transport-ws', { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode });
      ws.terminate();
    });
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init' })));
    ws.on('close', (code) => resolve({ closeCode: code }));
    ws.on('error', () => {});
  });
}

/**
 * Waits until a subscription is live on the server: makes a probe change (that the subscriber can
 * see) until its event arrives, so the test's own changes cannot race the subscription's start.
 */
export async function untilLive<T>(sub: Subscription<T>, probe: () => Promise<string>, isProbe: (data: T, id: string) => boolean): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = await probe();
    try {
      await sub.waitFor((d) => isProbe(d, id), 250);
      return;
    } catch {
      /* not live yet */
    }
  }
  throw new Error('The subscription never became live');
}
