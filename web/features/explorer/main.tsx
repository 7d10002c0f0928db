import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { buildSchema } from 'graphql';
// The API's schema as committed (npm run schema writes it): the explorer brings its own copy, because a
// production server refuses introspection (off unless GRAPHQL_INTROSPECTION=true), and a
// GraphiQL that introspected would show that refusal instead of the Docs panel and completion.
import sdl from '../../../schema/schema.graphql?raw';
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';

/**
 * The API explorer the server shows at /graphql in a browser: GraphiQL from npm, built on its own
 * (vite.explorer.config.ts) so that nothing of it, not even a shared chunk, enters the app's first
 * download. Queries go with the page's session cookie, subscriptions over graphql-ws.
 */
const fetcher = createGraphiQLFetcher({
  url: '/graphql',
  subscriptionUrl: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
  headers: { 'x-time-zone': Intl.DateTimeFormat().resolvedOptions().timeZone },
  fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
});

const schema = buildSchema(sdl);

const DEFAULT_QUERY = `# The Let work flow API explorer. Queries run with your permissions.
# Scripts use a personal API token (Settings > API tokens) as
#   Authorization: Bearer <token>
# Every type and field is described in the Docs panel.
query Me {
  me {
    id
    username
    role
  }
  tasks(first: 5) {
    totalCount
  }
}
`;

createRoot(document.getElementById('explorer')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} schema={schema} defaultQuery={DEFAULT_QUERY} />
  </StrictMode>,
);
