// The ports of the reports and the morning digest: what they read from the inbox's tables, and the
// digest's claim on a studio day. The adapters for SQLite and PostgreSQL live in src/store/inquiries/reports.ts.

/** What the weekly counts are split by: the inquiry's own fields. */
export const SPLITS = ['location', 'budget', 'phase'] as const;
export type Split = (typeof SPLITS)[number];

/** How many inquiries of one split value arrived in one week (an index into the bounds asked for). */
export interface WeekCount {
  week: number;
  value: string;
  count: number;
}

/** How many inquiries reached each stage of the funnel (see reachedStages in ./reports.ts). */
export interface FunnelCounts {
  new: number;
  consultation: number;
  won: number;
}

export interface ReportStore {
  /**
   * Inquiries outside spam per week and value of `split`: week i spans [bounds[i], bounds[i + 1]).
   * Weeks and values without any are left out.
   */
  weeklyCounts(bounds: readonly number[], split: Split): Promise<WeekCount[]>;
  /** Of the inquiries outside spam received in [since, until), how many reached each stage of the funnel. */
  funnel(since: number, until: number): Promise<FunnelCounts>;
}

/** One inquiry as the digest lists it. */
export interface DigestItem {
  id: string;
  name: string;
  /** When it arrived, when the homeowner's answer arrived, or its last activity (by the section). */
  at: number;
  stage: string;
}

export interface DigestStore {
  /** Inquiries outside spam received in [since, until), oldest first. */
  receivedBetween(since: number, until: number): Promise<DigestItem[]>;
  /** Inquiries outside spam whose newest message is the homeowner's (direction 'in'), `at` its time. */
  repliesWaiting(): Promise<DigestItem[]>;
  /** Inquiries outside spam in stage contacted or proposal with no activity since `before`. */
  staleLeads(before: number): Promise<DigestItem[]>;
  /** When the last digest went out; undefined before the first. */
  lastSentAt(): Promise<number | undefined>;
  /**
   * Claims the studio day `day` (YYYY-MM-DD) for this sender: true once per day across every instance,
   * unless the claim was released or its holder neither sent nor released it within `staleAfterMs`.
   */
  claim(day: string, now: number, staleAfterMs: number): Promise<boolean>;
  /** The claimed day's digest went out. */
  markSent(day: string, now: number): Promise<void>;
  /** The send failed: the day may be claimed again (the next tick retries). */
  release(day: string): Promise<void>;
}
