import type { Redis } from 'ioredis';

/** Counts hits per key in a fixed window; shared through Redis when the servers are scaled out. */
export interface RateLimiter {
  /** Records a hit and returns how many hits the key has in the current window. */
  hit(key: string): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimiter(windowMs: number): RateLimiter {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  const bucket = (key: string) => {
    const now = Date.now();
    let b = buckets.get(key);
    if (!b || b.resetAt <= now) {
      b = { count: 0, resetAt: now + windowMs };
      buckets.set(key, b);
    }
    if (buckets.size > 50_000) for (const [k, v] of buckets) if (v.resetAt <= now) buckets.delete(k);
    return b;
  };
  return {
    hit: async (key) => ++bucket(key).count,
    count: async (key) => bucket(key).count,
    reset: async (key) => void buckets.delete(key),
  };
}

export function createRedisRateLimiter(redis: Redis, windowMs: number, prefix = 'lwf:rl:'): RateLimiter {
  return {
    async hit(key) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number]];
      return count;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
