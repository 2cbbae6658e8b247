import { systemClock, type Clock } from '../../lib/clock.js';
import type { Notice, NotificationChannel, Notifier, StoredInquiry } from '../ports.js';
import { deliveryFailureReason } from './delivery-error.js';

// What the service knows about each notification channel's health, for /readyz: a notifier wrapped so
// that every delivery's outcome is recorded, and whose peer (the SMTP server) is probed at start and
// after a failed delivery. The report is read from memory: a dead peer never slows a readiness probe.

export type ChannelStatus = 'up' | 'down' | 'unknown';

/** What was last learnt about one channel. */
export interface ChannelReport {
  status: ChannelStatus;
  /** Why it is down: a DeliveryError reason (codes and statuses only, no personal data). */
  error?: string;
  /** When it was learnt (epoch ms). */
  checkedAt?: number;
  /** By a probe of the peer, or by a delivery. */
  via?: 'probe' | 'delivery';
}

/** A notifier whose peer can be asked whether it would take a notification now (SMTP verify). */
export interface Probeable {
  verify(): Promise<void>;
}

interface Observation {
  ok: boolean;
  at: number;
  via: 'probe' | 'delivery';
  error?: string;
}

/** While a probe fails, the peer is probed again this often, so its recovery shows without a delivery. */
export const DEFAULT_RECHECK_MS = 60_000;
/**
 * A failed delivery probes the peer at most this often: a channel that fails every delivery under load
 * would otherwise be probed back to back, a connection and a handshake each time.
 */
export const FAILURE_PROBE_INTERVAL_MS = 5_000;

export class MonitoredNotifier implements Notifier {
  readonly channel: NotificationChannel;
  readonly concurrency: number | undefined;
  /** The last probe, or the last delivery that went through (it proves the peer answers). */
  private peer: Observation | undefined;
  private delivery: Observation | undefined;
  private probing: Promise<void> | undefined;
  private probedAfterFailureAt: number | undefined;
  private recheck: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly inner: Notifier & Partial<Probeable>,
    private readonly options: { clock?: Clock; recheckMs?: number } = {},
  ) {
    this.channel = inner.channel;
    this.concurrency = inner.concurrency;
  }

  /** Probes the peer in the background; the report says 'unknown' until it answers or times out. */
  start(): void {
    void this.probe();
  }

  async deliver(inquiry: StoredInquiry, notice: Notice): Promise<void> {
    try {
      await this.inner.deliver(inquiry, notice);
    } catch (error) {
      this.delivery = this.observe('delivery', error);
      const { at } = this.delivery;
      if (this.probedAfterFailureAt === undefined || at - this.probedAfterFailureAt >= FAILURE_PROBE_INTERVAL_MS) {
        this.probedAfterFailureAt = at;
        void this.probe();
      }
      throw error;
    }
    this.delivery = this.observe('delivery');
    this.peer = this.delivery;
  }

  /** Down while the last probe or the last delivery failed: a peer that answers a probe may still refuse mail. */
  report(): ChannelReport {
    const known = [this.delivery, this.peer].filter((o) => o !== undefined).sort((a, b) => b.at - a.at);
    const shown = known.find((o) => !o.ok) ?? known[0];
    if (!shown) return { status: 'unknown' };
    return { status: shown.ok ? 'up' : 'down', checkedAt: shown.at, via: shown.via, ...(shown.error ? { error: shown.error } : {}) };
  }

  /** One probe at a time; resolves when it has been recorded. Without a probe, only deliveries tell. */
  probe(): Promise<void> {
    if (!this.inner.verify || this.closed) return Promise.resolve();
    this.probing ??= this.runProbe().finally(() => { this.probing = undefined; });
    return this.probing;
  }

  private async runProbe(): Promise<void> {
    let observation: Observation;
    try {
      await this.inner.verify!();
      observation = this.observe('probe');
    } catch (error) {
      observation = this.observe('probe', error);
    }
    if (this.closed) return;
    this.peer = observation;
    clearTimeout(this.recheck);
    if (!observation.ok) this.recheck = setTimeout(() => void this.probe(), this.options.recheckMs ?? DEFAULT_RECHECK_MS).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.recheck);
    await this.inner.close?.();
  }

  private observe(via: Observation['via'], error?: unknown): Observation {
    const at = (this.options.clock ?? systemClock)();
    if (error === undefined) return { ok: true, at, via };
    return { ok: false, at, via, error: deliveryFailureReason(error) };
  }
}
