import type { Reader } from './reader.js';
import type { ServerConfig } from './server.js';
import type { StudioConfig } from './studio.js';

// How an inquiry is told of: to the studio by email and webhook, and back to the inquirer (INQUIRY_ACK).

export interface NotificationsConfig {
  smtpUrl: string | undefined;
  inboxEmailTo: string | undefined;
  inboxEmailFrom: string | undefined;
  inboxWebhookUrl: string | undefined;
  inboxWebhookSecret: string | undefined;
  /** Webhook requests the outbox keeps in flight at once: enough to hide a receiver's latency, few enough not to flood it. */
  outboxWebhookConcurrency: number;
  /** INQUIRY_ACK: each inquirer gets an acknowledgement email (at most one per address per hour). */
  inquiryAck: boolean;
}

/** What the notifiers are given: the section, the public origin their messages link to, and the studio's time zone. */
export type NotifiersConfig = NotificationsConfig & Pick<ServerConfig, 'baseUrl'> & StudioConfig;

function readWebhookSecret(reader: Reader): string | undefined {
  const value = reader.raw('INBOX_WEBHOOK_SECRET');
  if (value === undefined) return undefined;
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    return reader.fail('INBOX_WEBHOOK_SECRET', 'must be a Standard Webhooks secret: whsec_ followed by base64');
  }
  return value;
}

/**
 * An acknowledgement that can never be sent is a misconfiguration: it needs the SMTP server, and a sender
 * named on purpose. It goes to strangers, whose servers check that the sender's domain lets this server
 * send for it; the studio's own inbox may take mail from the guessed studio-api@<host>, they would not.
 */
function readInquiryAck(reader: Reader, smtpUrl: string | undefined): boolean {
  const on = reader.flag('INQUIRY_ACK', false);
  if (on && !smtpUrl) reader.fail('SMTP_URL', 'is required when INQUIRY_ACK is true (the acknowledgement is an email)');
  if (on && reader.raw('INBOX_EMAIL_FROM') === undefined) {
    reader.fail('INBOX_EMAIL_FROM', 'is required when INQUIRY_ACK is true: acknowledgements go to inquirers, whose mail servers check the sender\'s domain');
  }
  return on;
}

export function readNotifications(r: Reader): NotificationsConfig {
  const webhookUrl = r.url('INBOX_WEBHOOK_URL', ['http:', 'https:']);
  const webhookSecret = readWebhookSecret(r);
  if (webhookUrl && !webhookSecret) r.fail('INBOX_WEBHOOK_SECRET', 'is required when INBOX_WEBHOOK_URL is set');
  const smtpUrl = r.url('SMTP_URL', ['smtp:', 'smtps:']);
  const inboxEmailTo = r.email('INBOX_EMAIL_TO');
  if (smtpUrl && !inboxEmailTo) r.fail('INBOX_EMAIL_TO', 'is required when SMTP_URL is set');
  return {
    smtpUrl,
    inboxEmailTo,
    inboxEmailFrom: r.email('INBOX_EMAIL_FROM'),
    inboxWebhookUrl: webhookUrl,
    inboxWebhookSecret: webhookSecret,
    outboxWebhookConcurrency: r.integer('OUTBOX_WEBHOOK_CONCURRENCY', 64, 1, 256),
    inquiryAck: readInquiryAck(r, smtpUrl),
  };
}
