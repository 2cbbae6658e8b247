import type { Logger } from '../../lib/logger.js';
import type { Db } from './database.js';
import { errorClass } from '../../lib/error-class.js';
import { migrateToLatest } from './migrate.js';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 15_000;

/**
 * Runs the migrations in the background until they succeed, retrying with backoff, so the service
 * starts and serves reads while the database is down. Writes ask `ready` and answer 503 until then.
 */
export class StoreReadiness {
  ready = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly db: Db, private readonly log: Logger) {}

  start(): void {
    void this.attempt(FIRST_RETRY_MS);
  }

  /** Resolves once the schema is current (or never, if stopped first). */
  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  private async attempt(nextDelayMs: number): Promise<void> {
    if (this.stopped) return;
    try {
      await migrateToLatest(this.db);
      this.ready = true;
      this.log.info({ dialect: this.db.dialect }, 'database ready: migrations applied');
      for (const resolve of this.waiters.splice(0)) resolve();
    } catch (error) {
      if (this.stopped) return;
      // The driver message can name hosts and users: log its class only.
      this.log.warn({ err: errorClass(error), retryInMs: nextDelayMs },
        'database not ready; inquiries answer 503 until it is');
      this.timer = setTimeout(() => void this.attempt(Math.min(nextDelayMs * 2, MAX_RETRY_MS)), nextDelayMs);
    }
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
