import type { ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';

/**
 * Turns off the Apollo Server features that wrap every field resolver. Apollo installs its cache
 * control plugin by default, and any plugin with `willResolveField` makes Apollo instrument every
 * resolver of the schema (a closure and a hook call per resolved field; the schema is shared with
 * the WebSocket subscriptions, so those paid too). The API sets no cache hints (responses are
 * per-user, REST sends `no-store`), and it reports to no Apollo Studio, so nothing is lost: the
 * inline trace (federated subgraphs only) and usage reporting (only with APOLLO_KEY) stay off even if
 * the environment carries an Apollo key. See docs/DECISIONS.md (performance).
 */
export function leanExecutionPlugins(): ApolloServerPlugin[] {
  return [ApolloServerPluginCacheControlDisabled(), ApolloServerPluginInlineTraceDisabled(), ApolloServerPluginUsageReportingDisabled()];
}
