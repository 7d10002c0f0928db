import type { ApolloClient } from '@apollo/client';
import { PlannerTasksQuery, type PlannerScope } from '../planner.graphql';

/** The first-page reads on their way, per client and scope. */
const inFlight = new WeakMap<ApolloClient, Map<PlannerScope, Promise<void>>>();
const generations = new WeakMap<ApolloClient, { value: number }>();

/** Counts the client's store resets (sign-in, sign-out): an answer to a request sent before one does not count. */
function generationOf(client: ApolloClient): { value: number } {
  let generation = generations.get(client);
  if (!generation) {
    const counter = { value: 0 };
    const forget = async () => {
      counter.value++;
      inFlight.get(client)?.clear();
    };
    client.onClearStore(forget);
    client.onResetStore(forget);
    generations.set(client, counter);
    generation = counter;
  }
  return generation;
}

/**
 * Reads the planner's first page of `scope` (PlannerTasksQuery) from the server and writes it into the
 * cache, replacing that scope's cached list; a call while one for the same scope is on its way joins it. Resolves once written, rejects
 * with the request's error.
 *
 * Read past the cache ('no-cache') and written with one `writeQuery`: a network-only query would also
 * read its whole result back from the cache after writing it, a second walk over every task that
 * nothing here uses (the screen reads the list through its own watch, planner-list.ts). An answer that
 * arrives after a store reset is dropped (it may be the previous user's).
 */
export function readFirstPlannerPage(client: ApolloClient, scope: PlannerScope): Promise<void> {
  const reads = inFlight.get(client) ?? new Map<PlannerScope, Promise<void>>();
  inFlight.set(client, reads);
  const running = reads.get(scope);
  if (running) return running;
  const variables = { scope };
  const generation = generationOf(client);
  const sentIn = generation.value;
  const request = client
    .query({ query: PlannerTasksQuery, variables, fetchPolicy: 'no-cache' })
    .then(({ data }) => {
      if (data && generation.value === sentIn) client.writeQuery({ query: PlannerTasksQuery, variables, data });
    })
    .finally(() => {
      if (reads.get(scope) === request) reads.delete(scope);
    });
  reads.set(scope, request);
  return request;
}
