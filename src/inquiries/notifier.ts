import type { BUDGETS, LOCATIONS, PHASES } from '../contract/inquiry.js';

// The port between the outbox worker and the ways the studio hears of an inquiry (email, webhook).

/** An inquiry as committed to the inbox store. */
export interface StoredInquiry {
  /** Stable id: the inquiry's identity everywhere, and the idempotency id of its notifications. */
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  location: (typeof LOCATIONS)[number];
  budget: (typeof BUDGETS)[number];
  phase: (typeof PHASES)[number];
  receivedAt: Date;
}

export type NotificationChannel = 'email' | 'webhook';

/**
 * Delivers one inquiry on one channel. Must be safe to call again for the same inquiry (at-least-once):
 * receivers de-duplicate on the inquiry id. Throws on any failure; the outbox worker retries with backoff.
 */
export interface Notifier {
  readonly channel: NotificationChannel;
  deliver(inquiry: StoredInquiry): Promise<void>;
  close?(): Promise<void>;
}
