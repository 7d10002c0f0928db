import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../common/errors.js';
import type { AppConfig } from '../config.js';

/**
 * Sign-in attempts per address and per username in a fixed window. An attempt is taken atomically
 * (one increment in memory, one Lua script in Redis) before the password is checked, so parallel
 * attempts can never get more password checks than the limit.
 */
export interface LoginLimiter {
  /** Takes one attempt for the address and one for the username; throws RATE_LIMITED when either is used up. */
  take(ip: string, username: string): Promise<void>;
  /** Forgets the username's attempts (after a correct password). */
  clearUser(username: string): Promise<void>;
}

/** Where the counters live: this process, or a Redis shared by every server process. */
export type LoginLimiterStore = { kind: 'memory' } | { kind: 'redis'; client: Redis; keyPrefix: string };

const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

function counter(store: LoginLimiterStore, name: string, points: number, windowMs: number): RateLimiterAbstract {
  const options = { points, duration: Math.ceil(windowMs / 1000) };
  // Keys read `${keyPrefix}${name}:${key}`, e.g. lwf:rl:user:admin (the library adds the colon).
  return store.kind === 'redis'
    ? new RateLimiterRedis({ ...options, storeClient: store.client, keyPrefix: `${store.keyPrefix}${name}` })
    : new RateLimiterMemory({ ...options, keyPrefix: name });
}

/** Consumes one point; a used-up key becomes RATE_LIMITED, a store failure is rethrown as it is. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new AppError('RATE_LIMITED', TOO_MANY, { retryAfterSeconds: Math.ceil(rejection.msBeforeNext / 1000) });
    }
    throw rejection;
  }
}

/** Builds the login limiter from config.loginLimit (rate-limiter-flexible, in memory or in Redis). */
export function createLoginLimiter(limits: AppConfig['loginLimit'], store: LoginLimiterStore): LoginLimiter {
  const perIp = counter(store, 'ip', limits.perIp, limits.windowMs);
  const perUser = counter(store, 'user', limits.perUser, limits.windowMs);
  const userKey = (username: string) => username.toLowerCase();
  return {
    async take(ip, username) {
      await consume(perIp, ip);
      await consume(perUser, userKey(username));
    },
    async clearUser(username) {
      await perUser.delete(userKey(username));
    },
  };
}
