import session from 'express-session';
import type { MikroORM } from '@mikro-orm/core';
import type { Redis } from 'ioredis';
import { Session } from './session.entity.js';

type Callback<T = void> = (err?: unknown, value?: T) => void;
type SessionData = session.SessionData & { userId?: string };

/** A signed-in session as its owner's list shows it: the stored data (see SessionData in api/rest/http.ts). */
export interface StoredSession {
  sid: string;
  data: session.SessionData;
}

/** What a request changes in its session's record at most once a minute (api/auth/sessions/seen.ts). */
export interface SeenPatch {
  lastSeenAt: string;
  ip: string;
}

const parseData = (json: string): session.SessionData | null => {
  try {
    return JSON.parse(json) as session.SessionData;
  } catch {
    return null;
  }
};

/** A session store that can also end every session of one user (deactivation, a password change). */
export abstract class AppSessionStore extends session.Store {
  /** Destroys every session of the user, except the one with id `keepSid` when given (the caller's own). */
  abstract destroyUserSessions(userId: string, keepSid?: string | null): Promise<void>;
  /** The user's sessions that have not expired, in no particular order. */
  abstract listUserSessions(userId: string): Promise<StoredSession[]>;
  /** Destroys one session (a revocation); a session already gone is not an error. */
  abstract destroySession(sid: string): Promise<void>;
  /** Records when and from where the session was last used; never brings back a destroyed session. */
  abstract markSeen(sid: string, patch: SeenPatch): Promise<void>;

  /**
   * Sessions live a fixed time from sign-in (the cookie is not rolling), so a request does not move
   * the expiry: nothing to write. This keeps reads free of session writes.
   */
  override touch(_sid: string, _data: session.SessionData, cb?: Callback): void {
    cb?.(null);
  }
  protected expiry(data: session.SessionData, fallbackMs: number): Date {
    const expires = data.cookie?.expires ? new Date(data.cookie.expires) : null;
    return expires && !Number.isNaN(expires.getTime()) ? expires : new Date(Date.now() + fallbackMs);
  }
}

function settle<T>(promise: Promise<T>, cb?: Callback<T>): void {
  promise.then(
    (v) => cb?.(null, v),
    (err) => cb?.(err),
  );
}

interface CachedSession {
  /** The session data as stored (parsed afresh per read: express-session mutates what get returns). */
  json: string;
  userId: string | null;
  expiresAt: number;
  /** When the entry stops being trusted (at most SessionCache's ttl after it was read or written). */
  staleAt: number;
}

/**
 * A small in-process LRU of session rows, so a request does not read its session from the database.
 * Sound only while this process is the one writer of the sessions table: the database store is used
 * without Redis, which means a single server process (docs/SCALE-OUT.md); with Redis nothing is cached.
 * Every change (set, destroy, destroy-by-user) bumps `version` before and after its database write; a
 * read that started before a bump is not cached, so a destroyed session is never resurrected.
 */
class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** Bumped by every invalidation; a read remembers it to know whether it raced one. */
  version = 0;
  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 60_000,
  ) {}

  /** The cached session, or undefined when absent or stale (an expired session is dropped). */
  get(sid: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    this.entries.delete(sid);
    if (entry.staleAt <= now || entry.expiresAt <= now) return undefined;
    this.entries.set(sid, entry); // most recently used last
    return entry;
  }

  /** Caches a row read or written, unless an invalidation happened since `readVersion`. */
  put(sid: string, row: Omit<CachedSession, 'staleAt'>, readVersion: number, now: number): void {
    if (readVersion !== this.version) return;
    this.entries.delete(sid);
    this.entries.set(sid, { ...row, staleAt: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets one session (before it changes in the database). */
  invalidate(sid: string): void {
    this.version++;
    this.entries.delete(sid);
  }

  /** Forgets every session of a user (a kept one is simply read again). */
  invalidateUser(userId: string): void {
    this.version++;
    for (const [sid, entry] of this.entries) if (entry.userId === userId) this.entries.delete(sid);
  }
}

/**
 * Sessions in the database (the embedded default, one server process). Expired rows are ignored and
 * swept. Reads are served from an in-process cache that every write, logout and deactivation updates
 * first, so ending a session takes effect at once.
 */
export class DatabaseSessionStore extends AppSessionStore {
  private lastSweep = 0;
  private readonly cache = new SessionCache();
  constructor(
    private readonly orm: MikroORM,
    private readonly maxAgeMs: number,
  ) {
    super();
  }

  override get(sid: string, cb: Callback<session.SessionData | null>): void {
    const cached = this.cache.get(sid, Date.now());
    if (cached) {
      cb(null, JSON.parse(cached.json) as session.SessionData);
      return;
    }
    const readVersion = this.cache.version;
    settle(
      (async () => {
        const row = await this.orm.em.fork().findOne(Session, { sid });
        const now = Date.now();
        if (!row || row.expiresAt.getTime() <= now) return null;
        this.cache.put(sid, { json: row.data, userId: row.userId, expiresAt: row.expiresAt.getTime() }, readVersion, now);
        return JSON.parse(row.data) as session.SessionData;
      })(),
      cb,
    );
  }

  override set(sid: string, data: SessionData, cb?: Callback): void {
    this.cache.invalidate(sid);
    settle(
      (async () => {
        const em = this.orm.em.fork();
        const row = (await em.findOne(Session, { sid })) ?? em.create(Session, { sid, data: '', expiresAt: new Date() });
        row.data = JSON.stringify(data);
        row.userId = data.userId ?? null;
        row.expiresAt = this.expiry(data, this.maxAgeMs);
        await em.flush();
        // Again after the write (a read that started during it may hold the old row), then the new row.
        this.cache.invalidate(sid);
        this.cache.put(sid, { json: row.data, userId: row.userId, expiresAt: row.expiresAt.getTime() }, this.cache.version, Date.now());
        await this.sweep();
      })(),
      cb,
    );
  }

  override destroy(sid: string, cb?: Callback): void {
    this.cache.invalidate(sid);
    settle(
      (async () => {
        await this.orm.em.fork().nativeDelete(Session, { sid });
        this.cache.invalidate(sid); // a read that started during the delete must not cache the old row
      })(),
      cb,
    );
  }

  async destroyUserSessions(userId: string, keepSid?: string | null): Promise<void> {
    this.cache.invalidateUser(userId);
    await this.orm.em.fork().nativeDelete(Session, keepSid ? { userId, sid: { $ne: keepSid } } : { userId });
    this.cache.invalidateUser(userId);
  }

  async listUserSessions(userId: string): Promise<StoredSession[]> {
    const rows = await this.orm.em.fork().find(Session, { userId, expiresAt: { $gt: new Date() } });
    return rows.flatMap((row) => {
      const data = parseData(row.data);
      return data ? [{ sid: row.sid, data }] : [];
    });
  }

  async destroySession(sid: string): Promise<void> {
    await new Promise<void>((resolve, reject) => this.destroy(sid, (err) => (err ? reject(err as Error) : resolve())));
  }

  async markSeen(sid: string, patch: SeenPatch): Promise<void> {
    const em = this.orm.em.fork();
    const row = await em.findOne(Session, { sid });
    const data = row ? parseData(row.data) : null;
    if (!row || !data) return;
    this.cache.invalidate(sid);
    // An update, not an upsert: a session destroyed meanwhile stays destroyed.
    await em.nativeUpdate(Session, { sid }, { data: JSON.stringify({ ...data, ...patch }) });
    this.cache.invalidate(sid);
  }

  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = Date.now();
    await this.orm.em.fork().nativeDelete(Session, { expiresAt: { $lt: new Date() } });
  }
}

/**
 * Sessions in Redis (scale-out mode): keys expire by themselves; a set per user (`<prefix>user:<id>`)
 * lists the ids of every session signed in as that user, so any process can end them all. The set may
 * name sessions already gone (logged out, expired): deleting a missing key is harmless, and the set
 * expires with the user's newest session.
 */
export class RedisSessionStore extends AppSessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly maxAgeMs: number,
    private readonly prefix = 'lwf:sess:',
  ) {
    super();
  }

  private userKey = (userId: string) => `${this.prefix}user:${userId}`;

  override get(sid: string, cb: Callback<session.SessionData | null>): void {
    settle(
      this.redis.get(this.prefix + sid).then((raw) => (raw ? (JSON.parse(raw) as session.SessionData) : null)),
      cb,
    );
  }

  override set(sid: string, data: SessionData, cb?: Callback): void {
    const ttl = Math.max(1, this.expiry(data, this.maxAgeMs).getTime() - Date.now());
    const tx = this.redis.multi().set(this.prefix + sid, JSON.stringify(data), 'PX', ttl);
    if (data.userId) tx.sadd(this.userKey(data.userId), sid).pexpire(this.userKey(data.userId), this.maxAgeMs);
    settle(
      tx.exec().then(() => undefined),
      cb,
    );
  }

  override destroy(sid: string, cb?: Callback): void {
    settle(
      this.redis.del(this.prefix + sid).then(() => undefined),
      cb,
    );
  }

  async destroyUserSessions(userId: string, keepSid?: string | null): Promise<void> {
    const key = this.userKey(userId);
    const sids = (await this.redis.smembers(key)).filter((sid) => sid !== keepSid);
    if (sids.length === 0) return;
    const tx = this.redis.multi();
    for (const sid of sids) tx.del(this.prefix + sid);
    if (keepSid) tx.srem(key, ...sids);
    else tx.del(key);
    await tx.exec();
  }

  async listUserSessions(userId: string): Promise<StoredSession[]> {
    const key = this.userKey(userId);
    const sids = await this.redis.smembers(key);
    if (sids.length === 0) return [];
    const raws = await this.redis.mget(sids.map((sid) => this.prefix + sid));
    const gone = sids.filter((_, i) => !raws[i]);
    if (gone.length > 0) await this.redis.srem(key, ...gone);
    return sids.flatMap((sid, i) => {
      const data = raws[i] ? parseData(raws[i]) : null;
      return data ? [{ sid, data }] : [];
    });
  }

  async destroySession(sid: string): Promise<void> {
    await this.redis.del(this.prefix + sid);
  }

  async markSeen(sid: string, patch: SeenPatch): Promise<void> {
    const raw = await this.redis.get(this.prefix + sid);
    const data = raw ? parseData(raw) : null;
    if (!data) return;
    // XX: only while the key exists (a revoked session stays gone); KEEPTTL: the expiry does not move.
    await this.redis.set(this.prefix + sid, JSON.stringify({ ...data, ...patch }), 'KEEPTTL', 'XX');
  }
}
