import type { ApolloClient } from '@apollo/client';
import { PlannerTasksQuery } from '../planner.graphql';

const inFlight = new WeakMap<ApolloClient, Promise<void>>();
const generations = new WeakMap<ApolloClient, { value: number }>();

/** Counts the client's store resets (sign-in, sign-out): an answer to a request sent before one does not count. */
function generationOf(client: ApolloClient): { value: number } {
  let generation = generations.get(client);
  if (!generation) {
    const counter = { value: 0 };
    const forget = async () => {
      counter.value++;
      inFlight.delete(client);
    };
    client.onClearStore(forget);
    client.onResetStore(forget);
    generations.set(client, counter);
    generation = counter;
  }
  return generation;
}

/**
 * Reads the planner's first page (PlannerTasksQuery) from the server and writes it into the cache,
 * replacing the cached list; a call while one is on its way joins it. Resolves once written, rejects
 * with the request's error.
 *
 * Read past the cache ('no-cache') and written with one `writeQuery`: a network-only query would also
 * read its whole result back from the cache after writing it, a second walk over every task that
 * nothing here uses (the screen reads the list through its own watch, planner-list.ts). An answer that
 * arrives after a store reset is dropped (it may be the previous user's).
 */
export function readFirstPlannerPage(client: ApolloClient): Promise<void> {
  const running = inFlight.get(client);
  if (running) return running;
  const generation = generationOf(client);
  const sentIn = generation.value;
  const request = client
    .query({ query: PlannerTasksQuery, fetchPolicy: 'no-cache' })
    .then(({ data }) => {
      if (data && generation.value === sentIn) client.writeQuery({ query: PlannerTasksQuery, data });
    })
    .finally(() => {
      if (inFlight.get(client) === request) inFlight.delete(client);
    });
  inFlight.set(client, request);
  return request;
}
