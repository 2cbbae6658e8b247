import { Redis } from 'ioredis';

// The Redis the tests that need one use (a peer, like PostgreSQL: test/helpers/peers.ts). Other test files
// use it at the same time: each test touches only the keys it made, never FLUSHDB.

export const REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether the test Redis answers, asked once without retrying. */
export async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A short-lived client of the test Redis, for a test to read or remove its keys. */
export async function withRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}
