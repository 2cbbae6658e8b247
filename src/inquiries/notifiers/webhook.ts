import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { API_DOCUMENT_VERSION } from '../../contract/api.js';
import type { InquiryReceivedEvent, InquiryRepliedEvent, InquiryStageChangedEvent } from '../../contract/conversation.js';
import type { NotificationsConfig } from '../../config/notifications.js';
import { seconds, systemClock, type Clock } from '../../lib/clock.js';
import { RECEIVED, type Notice, type Notifier, type StoredInquiry } from '../ports.js';
import { DeliveryError } from './delivery-error.js';

// Webhook notifier: a JSON POST signed per the Standard Webhooks spec (https://www.standardwebhooks.com),
// so any receiver can verify it with an off-the-shelf library and de-duplicate on `webhook-id`.

export const INQUIRY_RECEIVED_EVENT = 'inquiry.received';
export const INQUIRY_REPLIED_EVENT = 'inquiry.replied';
export const INQUIRY_STAGE_CHANGED_EVENT = 'inquiry.stage_changed';
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = `studio-api/${API_DOCUMENT_VERSION} (inquiry webhook)`;

// The payloads are the contract's (src/contract/conversation.ts), documented under `webhooks` in /openapi.json.
export type InquiryReceivedPayload = InquiryReceivedEvent;
/** The homeowner answered (a message filed on the inquiry's conversation). */
export type InquiryRepliedPayload = InquiryRepliedEvent;
/** An operator moved the inquiry to another stage of the pipeline. */
export type InquiryStageChangedPayload = InquiryStageChangedEvent;

export type WebhookPayload = InquiryReceivedPayload | InquiryRepliedPayload | InquiryStageChangedPayload;

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
  private readonly url: URL;
  /**
   * Connections kept open from one delivery to the next. node:http rather than fetch: fetch cost more
   * CPU per webhook than the service spent taking the inquiry in.
   */
  private readonly agent: HttpAgent;
  private readonly signer: Webhook;
  private readonly timeoutMs: number;
  private readonly clock: Clock;

  constructor(options: WebhookNotifierOptions) {
    this.url = new URL(options.url);
    this.agent = this.url.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    this.signer = new Webhook(options.secret);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    this.concurrency = options.concurrency;
    this.clock = options.clock ?? systemClock;
  }

  /**
   * The webhook-id is stable per event: the inquiry's id for inquiry.received (as it has always been),
   * `<inquiry id>.<message or activity id>` for a later event.
   */
  async deliver(inquiry: StoredInquiry, notice: Notice = RECEIVED): Promise<void> {
    const body = JSON.stringify(webhookPayload(inquiry, notice));
    const id = notice.type === INQUIRY_RECEIVED_EVENT ? inquiry.id : `${inquiry.id}.${notice.ref}`;
    const status = await this.post(body, this.signedHeaders(id, body));
    if (status < 200 || status > 299) throw new DeliveryError('webhook', `HTTP ${status}`, status);
  }

  /** Closes the connections kept open. */
  async close(): Promise<void> {
    this.agent.destroy();
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

  /**
   * Resolves with the status once the answer's head has arrived, within the timeout. node:http follows
   * no redirect: a 3xx counts as a failure, where following it would send a signed inquiry to wherever
   * the receiver (or someone in between) points. The answer's body is not ours to read (nor to log): it
   * is discarded, which frees the connection for the next delivery.
   */
  private post(body: string, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      const send = this.url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(this.url, { method: 'POST', agent: this.agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } });
      const timer = setTimeout(() => request.destroy(new DeliveryError('webhook', `timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
      request.once('response', (response) => {
        clearTimeout(timer);
        response.resume();
        resolve(response.statusCode!);
      });
      // `on`, not `once`: a socket error after the answer's head (the body is discarded) must not go unheard.
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(networkError(error));
      });
      request.end(body);
    });
  }
}

/** The webhook notifier when INBOX_WEBHOOK_URL is configured, otherwise undefined (the channel is off). */
export function webhookNotifierFromConfig(config: NotificationsConfig): WebhookNotifier | undefined {
  if (!config.inboxWebhookUrl || !config.inboxWebhookSecret) return undefined;
  return new WebhookNotifier({ url: config.inboxWebhookUrl, secret: config.inboxWebhookSecret, concurrency: config.outboxWebhookConcurrency });
}

/** The body of one event: its type, when it happened (the same on every retry), and its data. */
export function webhookPayload(inquiry: StoredInquiry, notice: Notice): WebhookPayload {
  switch (notice.type) {
    case 'inquiry.received': return inquiryReceivedPayload(inquiry);
    case 'inquiry.replied': {
      const { data: message } = notice;
      const at = new Date(message.at).toISOString();
      return {
        type: INQUIRY_REPLIED_EVENT, timestamp: at,
        data: {
          inquiry_id: inquiry.id,
          message: {
            id: message.id, received_at: at, from: message.from, to: message.to, subject: message.subject, text: message.text,
            attachments: message.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, size: a.size })),
          },
        },
      };
    }
    case 'inquiry.stage_changed': {
      const at = new Date(notice.data.at).toISOString();
      const { from, to, by } = notice.data;
      return { type: INQUIRY_STAGE_CHANGED_EVENT, timestamp: at, data: { inquiry_id: inquiry.id, from, to, by, changed_at: at } };
    }
    case 'reply': throw new Error('a reply is sent by the reply channel, never by the webhook');
  }
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
      language: inquiry.language,
      received_at: receivedAt,
    },
  };
}

/** A socket error keeps only its code (ECONNREFUSED, ECONNRESET…): its message may name hosts and addresses. */
function networkError(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const code = (error as { code?: unknown }).code;
  return new DeliveryError('webhook', typeof code === 'string' ? code : 'network error');
}
