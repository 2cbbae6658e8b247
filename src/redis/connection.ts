import { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.js';
import { throttledWarning } from '../lib/throttled-warning.js';

/**
 * The process's one connection to REDIS_URL, shared by the stores it makes shared between instances (the
 * rate limits' windows, the A2A tasks). Its settings make an absent Redis cheap: no command waits in a
 * queue while it is disconnected (enableOfflineQueue off, so it fails at once), none waits longer than the
 * command timeout, and each store then falls back to the process (rate-limit-store.ts, a2a-task-store.ts). It reconnects by itself, at most every 5 s.
 */
export class RedisConnection {
  readonly client: Redis;

  constructor(url: string, log: Logger) {
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      // Long enough that a busy Redis is not taken for a dead one: a timed-out command may still have run
      // (a hit counted, a task saved), and its store then does it again in process (one extra request let
      // through, a task kept twice).
      commandTimeout: 2_000,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    // Without a listener, ioredis prints every failed reconnection; with this one, a line every 30 s.
    this.client.on('error', throttledWarning(log, 'Redis unreachable; the stores it shares keep to this process meanwhile'));
  }

  /** Waits up to `ms` for the first connection, so the stores start shared; after that they fall back as usual. */
  async waitUntilConnected(ms: number): Promise<boolean> {
    if (this.client.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (connected: boolean) => {
        clearTimeout(timer);
        this.client.off('ready', onReady);
        resolve(connected);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.client.once('ready', onReady);
    });
  }

  /** The readiness check (/readyz "redis"). */
  async ping(): Promise<void> {
    await this.client.ping();
  }

  close(): void {
    this.client.disconnect();
  }
}
