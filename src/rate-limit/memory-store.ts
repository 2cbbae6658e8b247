import { systemClock, type Clock } from '../lib/clock.js';
import type { Hit, RateLimitStore } from './store.js';

interface Window {
  count: number;
  resetAt: number;
}

/** In-process fixed windows: the embedded default, and the fallback while Redis is unreachable. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: Clock = systemClock, sweepEveryMs = 60_000) {
    // Expired windows are dropped in the background so that a scan of many IPs cannot grow memory forever.
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  hit(key: string, windowMs: number): Hit {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}
