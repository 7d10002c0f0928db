import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { ErrorLink } from '@apollo/client/link/error';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient, type Client } from 'graphql-ws';
import { offerLoadedAt, resetLiveStart } from './live-start';
import { resumable } from './live-resume';
import { reportSessionEnded } from './session-end';
import { reportTwoFactorSetupRequired, TWO_FACTOR_SETUP_REQUIRED } from './two-factor-setup';
import { reportServerUnavailable, SERVER_UNAVAILABLE_MESSAGE } from './server-unavailable';

/** graphql-ws close code of an ended session (api/realtime/socket.ts). */
const CLOSE_SESSION_ENDED = 4401;
/** graphql-ws close code of a session that must set up two-factor sign-in first (api/realtime/socket.ts). */
const CLOSE_TWO_FACTOR_SETUP = 4403;

/** The viewer's time zone: the server derives board columns and overdue flags in it. */
export const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function createWsClient(): Client {
  const client = createClient({
    url: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
    connectionParams: { timeZone },
    lazy: true,
    keepAlive: 20_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    // Exponential back-off with jitter, capped at 30 s: phones on flaky networks reconnect quietly.
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** retries) + Math.random() * 500)),
    on: {
      closed: (event) => {
        const code = (event as CloseEvent | undefined)?.code;
        if (code === CLOSE_SESSION_ENDED) reportSessionEnded();
        if (code === CLOSE_TWO_FACTOR_SETUP) reportTwoFactorSetupRequired();
      },
    },
  });
  return client;
}

export let wsClient = createWsClient();

const httpLink = new HttpLink({ uri: '/graphql', credentials: 'same-origin', headers: { 'x-time-zone': timeZone } });

/**
 * An UNAUTHENTICATED answer (or HTTP 401) to anything but the sign-in itself means the session ended
 * underneath the page: reported, so the sign-in screen shows (session-end.ts). TWO_FACTOR_SETUP_REQUIRED
 * is reported too, so the set-up screen shows (two-factor-setup.ts).
 */
const sessionLink = new ErrorLink(({ error, operation }) => {
  if (operation.operationName === 'Login') return;
  const ended = CombinedGraphQLErrors.is(error)
    ? error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')
    : ServerError.is(error) && error.statusCode === 401;
  if (ended) reportSessionEnded();
  if (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === TWO_FACTOR_SETUP_REQUIRED)) reportTwoFactorSetupRequired();
});

/** The message of a 503 (database or session store out of reach), in either shape the server sends it. */
function unavailableMessage(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) return error.errors.find((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')?.message ?? null;
  if (!ServerError.is(error) || error.statusCode !== 503) return null;
  try {
    const body = JSON.parse(error.bodyText) as { errors?: { message?: string }[]; message?: string };
    return body.errors?.[0]?.message ?? body.message ?? SERVER_UNAVAILABLE_MESSAGE;
  } catch {
    return SERVER_UNAVAILABLE_MESSAGE;
  }
}

/** A 503 shows one toast saying so (server-unavailable.tsx); the screen keeps its own failure state. */
const unavailableLink = new ErrorLink(({ error }) => {
  const message = unavailableMessage(error);
  if (message) reportServerUnavailable(message);
});

const link = ApolloLink.split(
  ({ query }) => {
    const definition = getMainDefinition(query);
    return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
  },
  // The socket client is replaced at sign-in and sign-out, so the link always asks for the current one.
  new GraphQLWsLink({
    // After a reconnect, live streams resume from the last event they received (live-resume.ts).
    subscribe: (payload, sink) => wsClient.subscribe(...resumable(payload, sink)),
    iterate: (payload) => wsClient.iterate(payload),
    on: ((event, listener) => wsClient.on(event, listener)) as Client['on'],
    terminate: () => wsClient.terminate(),
    dispose: () => wsClient.dispose(),
  }),
  httpLink,
);

/** One Apollo Client for the app: HTTP for queries and mutations, graphql-ws for subscriptions. */
export const apolloClient = new ApolloClient({
  link: ApolloLink.from([sessionLink, unavailableLink, link]),
  cache: new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          task: { read: (existing, { args, toReference }) => existing ?? (args?.id ? toReference({ __typename: 'Task', id: args.id }) : undefined) },
        },
      },
      Task: { fields: { tags: { merge: false }, subtasks: { merge: false }, comments: { merge: false } } },
      // Every task list read tells the live stream where the log stood when it was read (live-start.ts).
      TaskConnection: {
        fields: {
          latestSeq: {
            merge(_existing: number | undefined, incoming: number) {
              offerLoadedAt(incoming);
              return incoming;
            },
          },
        },
      },
    },
  }),
  defaultOptions: {
    watchQuery: { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' },
  },
});

const sessionResetHooks: (() => Promise<void>)[] = [];

/**
 * Adds work to every sign-in and sign-out, after the cache is cleared: a feature that keeps the viewer's
 * data elsewhere forgets it there (main.tsx registers the offline copy's). A failure is ignored.
 */
export function onSessionReset(hook: () => Promise<void>): void {
  sessionResetHooks.push(hook);
}

/** After sign-in or sign-out: drop cached data and the socket so the next user starts clean. */
export async function resetSession(): Promise<void> {
  await apolloClient.clearStore();
  for (const hook of sessionResetHooks) await hook().catch(() => undefined);
  resetLiveStart();
  // The next user gets a new socket client at once, and the old one is closed without waiting for it:
  // between two attempts to reconnect, its dispose() waits for the next attempt and fails with it, which
  // left a sign-out (or sign-in) hanging while the network was flaky.
  const previous = wsClient;
  wsClient = createWsClient();
  void Promise.resolve(previous.dispose()).catch(() => undefined);
}
