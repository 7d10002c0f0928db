import session from 'express-session';
import type { MikroORM } from '@mikro-orm/core';
import type { Redis } from 'ioredis';
import { Session } from './session.entity.js';

type Callback<T = void> = (err?: unknown, value?: T) => void;
type SessionData = session.SessionData & { userId?: string };

/** A session store that can also end every session of one user (logout everywhere, deactivation). */
export abstract class AppSessionStore extends session.Store {
  abstract destroyUserSessions(userId: string): Promise<void>;

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
  promise.then((v) => cb?.(null, v), (err) => cb?.(err));
}

/** Sessions in the database (the embedded default). Expired rows are ignored and swept. */
export class DatabaseSessionStore extends AppSessionStore {
  private lastSweep = 0;
  constructor(private readonly orm: MikroORM, private readonly maxAgeMs: number) {
    super();
  }

  override get(sid: string, cb: Callback<session.SessionData | null>): void {
    settle(
      (async () => {
        const row = await this.orm.em.fork().findOne(Session, { sid });
        if (!row || row.expiresAt.getTime() <= Date.now()) return null;
        return JSON.parse(row.data) as session.SessionData;
      })(),
      cb,
    );
  }

  override set(sid: string, data: SessionData, cb?: Callback): void {
    settle(
      (async () => {
        const em = this.orm.em.fork();
        const row = (await em.findOne(Session, { sid })) ?? em.create(Session, { sid, data: '', expiresAt: new Date() });
        row.data = JSON.stringify(data);
        row.userId = data.userId ?? null;
        row.expiresAt = this.expiry(data, this.maxAgeMs);
        await em.flush();
        await this.sweep();
      })(),
      cb,
    );
  }

  override destroy(sid: string, cb?: Callback): void {
    settle(
      (async () => {
        await this.orm.em.fork().nativeDelete(Session, { sid });
      })(),
      cb,
    );
  }

  async destroyUserSessions(userId: string): Promise<void> {
    await this.orm.em.fork().nativeDelete(Session, { userId });
  }

  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = Date.now();
    await this.orm.em.fork().nativeDelete(Session, { expiresAt: { $lt: new Date() } });
  }
}

/** Sessions in Redis (scale-out mode): keys expire by themselves; a set per user finds them all. */
export class RedisSessionStore extends AppSessionStore {
  constructor(private readonly redis: Redis, private readonly maxAgeMs: number, private readonly prefix = 'lwf:sess:') {
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
    settle(tx.exec().then(() => undefined), cb);
  }

  override destroy(sid: string, cb?: Callback): void {
    settle(this.redis.del(this.prefix + sid).then(() => undefined), cb);
  }

  async destroyUserSessions(userId: string): Promise<void> {
    const sids = await this.redis.smembers(this.userKey(userId));
    const tx = this.redis.multi();
    for (const sid of sids) tx.del(this.prefix + sid);
    tx.del(this.userKey(userId));
    await tx.exec();
  }
}
