import type { NotificationChannel } from '../ports.js';

// The one error a notifier throws. The outbox worker logs it and stores it on the job, so its message
// says what failed (channel, status or error code) and never carries personal data, a response body,
// a URL (it may hold a token) or the underlying driver's text.

export class DeliveryError extends Error {
  constructor(
    readonly channel: NotificationChannel,
    /** Short machine-readable reason: an HTTP status, an SMTP response code, or an error code. */
    readonly reason: string,
    /** The HTTP status (webhook) or SMTP reply code (email), when the peer answered at all. */
    readonly status?: number,
  ) {
    super(`${channel} delivery failed: ${reason}`);
    this.name = 'DeliveryError';
  }
}

/** What may be shown of a failed delivery: a DeliveryError's reason, anything else by its name only. */
export function deliveryFailureReason(error: unknown): string {
  if (error instanceof DeliveryError) return error.reason;
  return error instanceof Error ? error.name : 'error';
}
