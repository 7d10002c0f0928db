import type { AppRuntime } from '../../common/context.js';
import type { PresenceMessage } from '../../realtime/topics.js';

/** One open view of a task (a browser tab), as every process keeps it. */
interface Entry {
  userId: string;
  clientId: string;
  editing: boolean;
  since: Date;
  expiresAt: number;
}

/** One person on a task: their views folded together (editing when any view has unsaved changes). */
export interface PresentPerson {
  userId: string;
  editing: boolean;
  /** When their first view still open was announced. */
  since: Date;
}

/**
 * The process's picture of who has which task open, built from the hub's presence messages (every
 * process receives every message, through Redis when set), so it answers from memory. An entry left
 * without a renewal for its `ttlMs` is dropped by a sweep (a closed tab whose leave never came, a lost
 * connection, a process that died). Listeners hear the task id whenever the people on it or their
 * editing flag change; a renewal that changes nothing stays silent.
 */
export class PresenceStore {
  private readonly tasks = new Map<string, Map<string, Entry>>();
  private readonly listeners = new Set<(taskId: string) => void>();
  private sweeper: NodeJS.Timeout | null = null;
  private readonly stopListening: () => void;

  constructor(
    private readonly app: AppRuntime,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.stopListening = app.realtime.onPresence((message) => this.apply(message));
  }

  /** Publishes an announcement (or a leave, with editing null) to every process, this one included. */
  publish(message: Omit<PresenceMessage, 'ttlMs'>): void {
    this.app.realtime.publishPresence({ ...message, ttlMs: this.app.config.presenceTtlMs });
  }

  /** The entry of one view, if it is here. */
  entry(taskId: string, userId: string, clientId: string): { editing: boolean } | null {
    return this.tasks.get(taskId)?.get(`${userId}:${clientId}`) ?? null;
  }

  /** The people on a task, one per person, in the order they came. */
  people(taskId: string): PresentPerson[] {
    const byUser = new Map<string, PresentPerson>();
    for (const e of this.tasks.get(taskId)?.values() ?? []) {
      const person = byUser.get(e.userId);
      if (!person) byUser.set(e.userId, { userId: e.userId, editing: e.editing, since: e.since });
      else {
        person.editing ||= e.editing;
        if (e.since < person.since) person.since = e.since;
      }
    }
    return [...byUser.values()].sort((a, b) => a.since.getTime() - b.since.getTime());
  }

  /** The tasks someone has open now. */
  taskIds(): string[] {
    return [...this.tasks.keys()];
  }

  /** Calls `listener` with a task id whenever that task's people change; returns the stop. */
  onChange(listener: (taskId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.stopListening();
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    this.tasks.clear();
    this.listeners.clear();
  }

  private apply(message: PresenceMessage): void {
    const key = `${message.userId}:${message.clientId}`;
    const entries = this.tasks.get(message.taskId);
    const before = entries?.get(key);
    if (message.editing === null) {
      if (!entries || !before) return;
      entries.delete(key);
      if (entries.size === 0) this.tasks.delete(message.taskId);
      this.changed(message.taskId);
      return;
    }
    const expiresAt = this.now() + message.ttlMs;
    if (before) {
      before.expiresAt = expiresAt;
      if (before.editing === message.editing) return;
      before.editing = message.editing;
    } else {
      const map = entries ?? new Map<string, Entry>();
      map.set(key, { userId: message.userId, clientId: message.clientId, editing: message.editing, since: new Date(this.now()), expiresAt });
      this.tasks.set(message.taskId, map);
      this.startSweeping(message.ttlMs);
    }
    this.changed(message.taskId);
  }

  private startSweeping(ttlMs: number): void {
    if (this.sweeper) return;
    // A few sweeps per lifetime: an entry is gone at most a quarter of its ttl after it expired.
    this.sweeper = setInterval(() => this.sweep(), Math.max(50, Math.floor(ttlMs / 4)));
    this.sweeper.unref();
  }

  private sweep(): void {
    const now = this.now();
    for (const [taskId, entries] of this.tasks) {
      let dropped = false;
      for (const [key, e] of entries) {
        if (e.expiresAt > now) continue;
        entries.delete(key);
        dropped = true;
      }
      if (entries.size === 0) this.tasks.delete(taskId);
      if (dropped) this.changed(taskId);
    }
    if (this.tasks.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  private changed(taskId: string): void {
    for (const listener of this.listeners) listener(taskId);
  }
}

const stores = new WeakMap<AppRuntime, PresenceStore>();

/** The process's presence store (made on first use). */
export function presenceStore(app: AppRuntime): PresenceStore {
  let store = stores.get(app);
  if (!store) {
    store = new PresenceStore(app);
    stores.set(app, store);
  }
  return store;
}

/** Stops the store's sweep and hub listener (the server is closing). */
export function closePresence(app: AppRuntime): void {
  stores.get(app)?.close();
  stores.delete(app);
}
