import type { BUDGETS, LOCATIONS, PHASES } from '../contract/inquiry.js';

// The port between the outbox worker and the ways an inquiry is told of: to the studio (email, webhook),
// and back to the inquirer (the acknowledgement, which carries nothing of what was submitted).

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

/**
 * `email` and `webhook` tell the studio: every inquiry that is not spam gets a job on each configured one.
 * `acknowledgement` tells the inquirer that it arrived (INQUIRY_ACK): the use case asks for it per
 * inquiry and the store queues it at most once per address per hour.
 */
export type NotificationChannel = 'email' | 'webhook' | 'acknowledgement';

/**
 * Delivers one inquiry on one channel. Must be safe to call again for the same inquiry (at-least-once):
 * receivers de-duplicate on the inquiry id. Throws on any failure; the outbox worker retries with backoff.
 */
export interface Notifier {
  readonly channel: NotificationChannel;
  /** How many deliveries it takes at once (an SMTP pool's connections); one when not said. */
  readonly concurrency?: number;
  deliver(inquiry: StoredInquiry): Promise<void>;
  close?(): Promise<void>;
}
