import type { ErrorCode } from '../contract/errors.js';
import type { SubmissionChannel } from './inquiry-service.js';
import type { NotificationChannel } from './ports.js';

// What the inquiry use case and the outbox worker tell whoever watches them (the metrics of
// src/observability/). The defaults do nothing: neither depends on being watched.

export const DELIVERY_OUTCOMES = ['delivered', 'retry', 'failed'] as const;
/** How one delivery attempt ended: delivered, due again after a backoff, or given up for good. */
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

export interface InquiryEvents {
  /** A submission was answered 200: stored, or recognized as a duplicate or a replay of its key. */
  accepted(channel: SubmissionChannel): void;
  /** A submission was refused with a contract code, by the use case or by its surface's own checks. */
  refused(channel: SubmissionChannel, code: ErrorCode): void;
}

export interface OutboxEvents {
  delivery(channel: NotificationChannel, outcome: DeliveryOutcome): void;
}

export const unobservedInquiries: InquiryEvents = { accepted() {}, refused() {} };
export const unobservedOutbox: OutboxEvents = { delivery() {} };
