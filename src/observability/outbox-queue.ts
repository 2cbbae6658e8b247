import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../lib/clock.js';
import type { NotificationChannel, PendingJobs } from '../inquiries/ports.js';

/** The outbox as the metrics read it at each scrape, through the store port. */
export interface OutboxQueue {
  pendingByChannel(): Promise<PendingJobs[]>;
  clock: Clock;
}

/**
 * Two gauges read from the store when Prometheus scrapes, with one query for both: the pending jobs of
 * each channel and how long its longest-waiting due job has waited. Configured channels show 0 when
 * nothing waits. When the store cannot answer (down, not migrated yet) both are left out of the scrape
 * rather than shown as a stale or a made-up value; /readyz says why.
 */
export function collectOutboxQueue(registry: Registry, channels: readonly NotificationChannel[], queue: OutboxQueue): void {
  let reading: Promise<PendingJobs[] | undefined> | undefined;
  // Prometheus collects every metric of a scrape at once: both gauges share the read in flight.
  const read = () => {
    reading ??= queue.pendingByChannel().catch(() => undefined).finally(() => { reading = undefined; });
    return reading;
  };
  const byChannel = async (gauge: Gauge<'channel'>, value: (jobs: PendingJobs, now: number) => number) => {
    const pending = await read();
    gauge.reset();
    if (!pending) return;
    const now = queue.clock();
    for (const channel of channels) gauge.set({ channel }, 0);
    for (const jobs of pending) gauge.set({ channel: jobs.channel }, value(jobs, now));
  };
  new Gauge({
    name: 'studio_outbox_pending_jobs', help: 'Notification jobs not yet delivered nor given up, by channel.',
    labelNames: ['channel'] as const, registers: [registry],
    async collect() { await byChannel(this, (jobs) => jobs.count); },
  });
  new Gauge({
    name: 'studio_outbox_oldest_due_job_age_seconds', help: 'How long the longest-waiting due notification job has waited, by channel (0: none due).',
    labelNames: ['channel'] as const, registers: [registry],
    async collect() { await byChannel(this, (jobs, now) => Math.max(0, now - jobs.earliestAttemptAt) / 1000); },
  });
}
