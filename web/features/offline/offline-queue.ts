import { ApolloLink, type ApolloClient } from '@apollo/client';
import { getMainDefinition } from '@apollo/client/utilities';
import { print } from 'graphql';
import { get, set } from 'idb-keyval';
import { Observable, type Observer } from 'rxjs';

const KEY = 'lwf.queue.v1';
/** Sent as the app sends it (lib/apollo.ts): the server places columns in the viewer's zone. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
/** The changes a person can make offline: they wait here and are sent, in order, once back online. */
const QUEUED = new Set(['CreateTask', 'PlannerCreateTask', 'QuickAddTask', 'UpdateTask', 'MoveTask', 'AddComment']);

interface Entry {
  id: string;
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
}
type Result = ApolloLink.Result;

let entries: Entry[] = [];
/** The callers still waiting on this page for their change's answer (a reload leaves none). */
const waiting = new Map<string, Observer<Result>>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** How many changes are waiting; `subscribe` tells when that changes. */
export const waitingCount = (): number => entries.length;
export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function store(): Promise<void> {
  await set(KEY, entries);
  changed();
}

/** Reads what an earlier page left waiting (a reload while offline keeps the changes). */
export async function loadQueue(): Promise<void> {
  const stored = (await get<Entry[]>(KEY)) ?? [];
  // A change queued while the stored ones were being read goes after them.
  entries = [...stored, ...entries.filter((e) => !stored.some((s) => s.id === e.id))];
  changed();
}

/**
 * Offline, a change (QUEUED) is kept in IndexedDB instead of being sent; its caller keeps waiting (the
 * optimistic answer, where there is one, shows meanwhile) and gets the server's answer after `drain`.
 */
export const queueLink = new ApolloLink((operation, forward) => {
  const definition = getMainDefinition(operation.query);
  const queued = definition.kind === 'OperationDefinition' && definition.operation === 'mutation' && QUEUED.has(operation.operationName ?? '');
  if (!queued || navigator.onLine) return forward(operation);
  return new Observable<Result>((observer) => {
    const entry: Entry = {
      id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
      operationName: operation.operationName!,
      query: print(operation.query),
      variables: operation.variables,
    };
    entries = [...entries, entry];
    waiting.set(entry.id, observer);
    void store();
  });
});

/** Sends one change as the app would (session cookie, time zone); null when the network is still down. */
async function send(entry: Entry): Promise<Result | null> {
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-time-zone': timeZone },
      body: JSON.stringify({ operationName: entry.operationName, query: entry.query, variables: entry.variables }),
    });
    return (await response.json()) as Result;
  } catch {
    return null;
  }
}

let draining: Promise<void> | null = null;

/**
 * Back online: sends the waiting changes one by one, in the order they were made. Each carries the
 * version it was based on, so a change a teammate overtook is refused (CONFLICT) and never overwrites
 * theirs: its caller on this page shows the conflict; one left by an earlier page is told through
 * `onRefused`, with the server's message. Stops (keeping the rest) if the network drops again.
 */
export function drain(onRefused: (entry: { operationName: string; message: string }) => void): Promise<void> {
  draining ??= (async () => {
    while (entries.length > 0 && navigator.onLine) {
      const entry = entries[0];
      const result = await send(entry);
      if (!result) break;
      entries = entries.slice(1);
      await store();
      const observer = waiting.get(entry.id);
      waiting.delete(entry.id);
      if (observer) {
        observer.next(result);
        observer.complete();
      } else if (result.errors?.length) {
        onRefused({ operationName: entry.operationName, message: String(result.errors[0].message) });
      }
    }
  })().finally(() => {
    draining = null;
  });
  return draining;
}

/** Puts the queue in front of the client's link (once): the first download keeps its own link. */
let installed = false;
export function installQueue(client: ApolloClient): void {
  if (installed) return;
  installed = true;
  client.setLink(ApolloLink.from([queueLink, client.link]));
}
