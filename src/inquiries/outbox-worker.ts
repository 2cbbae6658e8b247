import { systemClock } from '../lib/clock.js';
import type { ClaimedJob, JobLease, NotificationChannel, Notifier, StoredInquiry } from './ports.js';
import { ChannelLane, DEFAULT_LEASE_MS, type LaneOptions } from './outbox-lane.js';

export interface OutboxWorkerOptions extends LaneOptions {
  notifiers: Notifier[];
  /** Waits before the first poll (e.g. until migrations ran). */
  ready?: Promise<void>;
}

/** Room a commit reserved on the lanes of some channels, for its jobs to be handed over once committed. */
export interface OutboxReservation {
  /** What the commit writes on the jobs of the reserved channels: claimed by this worker. */
  lease: JobLease;
  /**
   * After the commit: hands the jobs it stored under the lease to their lanes, with their inquiry, and
   * frees the room of those it did not store (a duplicate, no acknowledgement due, a failed commit).
   */
  fulfil(jobs: readonly ClaimedJob[], inquiry: StoredInquiry): void;
}

/**
 * Delivers the outbox: one lane per channel, each with its own queue and its own number of deliveries
 * in flight (the notifier's `concurrency`), so a slow or hung channel never holds up another. A lane
 * gets its jobs two ways: handed over in memory by the commit that stored them already leased to it
 * (`reserve`, while it has room and is not paused), or claimed from the store in batches (a
 * backlog, retries, jobs of other processes whose lease ran out). Outcomes are written in batches: done,
 * due again after a backoff, or failed once the retry horizon (24 h) has passed since it was queued.
 */
export class OutboxWorker {
  private readonly lanes: ChannelLane[];

  constructor(private readonly options: OutboxWorkerOptions) {
    this.lanes = options.notifiers.map((notifier) => new ChannelLane(notifier, options));
  }

  start(): void {
    void (this.options.ready ?? Promise.resolve()).then(() => { for (const lane of this.lanes) lane.start(); });
  }

  /**
   * Reserves a place for one job on each of these channels' lanes that can take one now (started, not
   * stopped nor paused, under its limit); undefined when none can (the jobs are then stored due, and
   * claimed from the store). The caller must `fulfil` it.
   */
  reserve(channels: readonly NotificationChannel[]): OutboxReservation | undefined {
    const lanes = this.lanes.filter((lane) => channels.includes(lane.channel) && lane.reserve());
    if (lanes.length === 0) return undefined;
    const { clock = systemClock, leaseMs = DEFAULT_LEASE_MS } = this.options;
    return {
      lease: { channels: lanes.map((lane) => lane.channel), until: clock() + leaseMs },
      fulfil: (jobs, inquiry) => {
        for (const lane of lanes) lane.fulfil(jobs.filter((job) => job.channel === lane.channel), inquiry);
      },
    };
  }

  /** Polls now instead of at the next interval: jobs of these channels (all by default) were just stored due. */
  wake(channels?: readonly NotificationChannel[]): void {
    for (const lane of this.lanes) if (!channels || channels.includes(lane.channel)) lane.wake();
  }

  /** Stops polling and taking jobs, and waits for the deliveries of the jobs it holds and their outcomes. */
  async stop(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
  }

  /** Delivers every due job of every channel, then resolves with how many it claimed (tests drive it). */
  async drain(): Promise<number> {
    const handled = await Promise.all(this.lanes.map((lane) => lane.drain()));
    return handled.reduce((sum, n) => sum + n, 0);
  }
}

