import { DateTime } from 'luxon';
import type { Clock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import type { Logger } from '../lib/logger.js';
import type { StudioTime } from '../lib/studio-time.js';
import { digestMail, gatherDigest, type DigestMailer } from './digest.js';
import type { DigestStore } from './report-ports.js';

// Sends the morning digest once a studio day, from the hour INBOX_DIGEST_HOUR on, however many instances
// run: every minute each instance past the hour tries to claim the day (a row of the digests table,
// inserted with on conflict do nothing); the one that claims it sends. A failed send releases the claim,
// so the next tick (of any instance) tries again that same day: at least once a day, and a mail that went
// out but was not recorded (the database lost at that moment) may go twice. A claim whose holder died
// before sending or releasing is taken over after CLAIM_STALE_MS.

export const DIGEST_TICK_MS = 60_000;
/** Longer than a send may take (SMTP timeouts: 10 s connect, 10 s greeting, 30 s socket). */
export const CLAIM_STALE_MS = 10 * 60_000;

export interface DigestSchedulerOptions {
  store: DigestStore;
  mailer: DigestMailer;
  time: StudioTime;
  baseUrl: string;
  /** The studio's hour (0–23) from which the day's digest goes out. */
  hour: number;
  clock: Clock;
  log: Logger;
  /** Resolves once the database is migrated: no tick before. */
  ready?: Promise<void>;
  tickMs?: number;
}

export class DigestScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** The day this instance sent: no claim is tried again until the next. */
  private sentDay: string | undefined;

  constructor(private readonly options: DigestSchedulerOptions) {}

  start(): void {
    void (this.options.ready ?? Promise.resolve()).then(() => {
      if (this.stopped) return;
      this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? DIGEST_TICK_MS);
      // Never the reason the process stays up.
      this.timer.unref();
      void this.tick();
    }, () => undefined);
  }

  /** Clears the timer and waits for a send under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One look: past the hour, today's digest not sent by anyone yet, claim and send it. One at a time. */
  tick(): Promise<void> {
    this.running ??= this.sendIfDue().finally(() => { this.running = undefined; });
    return this.running;
  }

  private async sendIfDue(): Promise<void> {
    const { store, time, clock, log } = this.options;
    const now = clock();
    const day = time.day(now);
    if (this.stopped || this.sentDay === day || DateTime.fromMillis(now, { zone: time.zone }).hour < this.options.hour) return;
    try {
      if (!(await store.claim(day, now, CLAIM_STALE_MS))) return;
    } catch (error) {
      log.warn({ err: errorClass(error) }, 'digest: the day could not be claimed; trying again at the next tick');
      return;
    }
    try {
      const digest = await gatherDigest(store, time, now);
      await this.options.mailer.send(digestMail(digest, time, this.options.baseUrl));
      await store.markSent(day, digest.until);
      this.sentDay = day;
      log.info({ day, received: digest.received.length, waiting: digest.waiting.length, stale: digest.stale.length }, 'digest sent');
    } catch (error) {
      log.warn({ err: errorClass(error), day }, 'digest not sent; the day is released and tried again at the next tick');
      await store.release(day).catch(() => undefined);
    }
  }
}
