import { Webhook } from 'standardwebhooks';
import { API_DOCUMENT_VERSION } from '../../contract/api.js';
import type { Config } from '../../config.js';
import { seconds, systemClock, type Clock } from '../../lib/clock.js';
import type { Notifier, StoredInquiry } from '../notifier.js';
import { DeliveryError } from './delivery-error.js';

// Webhook notifier: a JSON POST signed per the Standard Webhooks spec (https://www.standardwebhooks.com),
// so any receiver can verify it with an off-the-shelf library and de-duplicate on `webhook-id`.

export const INQUIRY_RECEIVED_EVENT = 'inquiry.received';
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = `studio-api/${API_DOCUMENT_VERSION} (inquiry webhook)`;

export interface InquiryReceivedPayload {
  type: typeof INQUIRY_RECEIVED_EVENT;
  /** When the event happened (the inquiry's received_at), so every retry carries the same body. */
  timestamp: string;
  /** Every field of the stored inquiry, received_at as ISO 8601. */
  data: Omit<StoredInquiry, 'receivedAt'> & { received_at: string };
}

export interface WebhookNotifierOptions {
  url: string;
  /** whsec_<base64>: the shared secret of the Standard Webhooks signature. */
  secret: string;
  timeoutMs?: number;
  /** Requests the outbox keeps in flight at once (OUTBOX_WEBHOOK_CONCURRENCY); one when not said. */
  concurrency?: number;
  /** The send time of each attempt, signed into webhook-timestamp. */
  clock?: Clock;
}

export class WebhookNotifier implements Notifier {
  readonly channel = 'webhook' as const;
  readonly concurrency: number | undefined;
  private readonly url: string;
  private readonly signer: Webhook;
  private readonly timeoutMs: number;
  private readonly clock: Clock;

  constructor(options: WebhookNotifierOptions) {
    this.url = options.url;
    this.signer = new Webhook(options.secret);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    this.concurrency = options.concurrency;
    this.clock = options.clock ?? systemClock;
  }

  async deliver(inquiry: StoredInquiry): Promise<void> {
    const body = JSON.stringify(inquiryReceivedPayload(inquiry));
    const response = await this.post(body, this.signedHeaders(inquiry.id, body));
    // Release the connection; the receiver's answer is not ours to read (nor to log).
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw new DeliveryError('webhook', `HTTP ${response.status}`, response.status);
  }

  private signedHeaders(id: string, body: string): Record<string, string> {
    // webhook-timestamp is the send time, fresh on every retry: receivers refuse stale ones (replay).
    const sentAt = new Date(this.clock());
    return {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': id,
      'webhook-timestamp': String(seconds(sentAt.getTime())),
      'webhook-signature': this.signer.sign(id, sentAt, body),
    };
  }

  private async post(body: string, headers: Record<string, string>): Promise<Response> {
    try {
      // redirect 'manual': a 3xx comes back as itself and counts as a failure; following it would
      // send a signed inquiry to wherever the receiver (or someone in between) points.
      return await fetch(this.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw networkError(error, this.timeoutMs);
    }
  }
}

/** The webhook notifier when INBOX_WEBHOOK_URL is configured, otherwise undefined (the channel is off). */
export function webhookNotifierFromConfig(config: Config): WebhookNotifier | undefined {
  if (!config.inboxWebhookUrl || !config.inboxWebhookSecret) return undefined;
  return new WebhookNotifier({ url: config.inboxWebhookUrl, secret: config.inboxWebhookSecret, concurrency: config.outboxWebhookConcurrency });
}

export function inquiryReceivedPayload(inquiry: StoredInquiry): InquiryReceivedPayload {
  const receivedAt = inquiry.receivedAt.toISOString();
  return {
    type: INQUIRY_RECEIVED_EVENT,
    timestamp: receivedAt,
    data: {
      id: inquiry.id,
      name: inquiry.name,
      email: inquiry.email,
      phone: inquiry.phone || null,
      message: inquiry.message,
      location: inquiry.location,
      budget: inquiry.budget,
      phase: inquiry.phase,
      received_at: receivedAt,
    },
  };
}

/** fetch() rejects with a TypeError whose cause holds the socket error code; keep only that code. */
function networkError(error: unknown, timeoutMs: number): DeliveryError {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new DeliveryError('webhook', `timed out after ${timeoutMs} ms`);
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : 'network error';
  return new DeliveryError('webhook', code);
}
