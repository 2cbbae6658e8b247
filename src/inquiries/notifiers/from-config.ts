import type { NotifiersConfig } from '../../config/notifications.js';
import type { NotificationChannel, Notifier } from '../ports.js';
import { emailNotifierFromConfig } from './email.js';
import { webhookNotifierFromConfig } from './webhook.js';

// Which of the studio's notification channels the configuration turns on: the service's outbox,
// `studio notify test` and `studio inbox not-spam` all ask here. The acknowledgement to the inquirer is
// not one of them (acknowledgement.ts): it tells the sender, not the studio, the use case asks for it per
// inquiry, and "not spam" never sends it, so the store's one-per-address-per-hour rule cannot be bypassed.

/** Every studio channel, with the variables that turn it on (the start warning and `studio notify test` name them). */
export const CHANNEL_SETTINGS: ReadonlyMap<NotificationChannel, string> = new Map([
  ['email', 'SMTP_URL and INBOX_EMAIL_TO'],
  ['webhook', 'INBOX_WEBHOOK_URL and INBOX_WEBHOOK_SECRET'],
]);

/** The configured studio notifiers: email when SMTP_URL is set, the webhook when INBOX_WEBHOOK_URL is. */
export function notifiersFromConfig(config: NotifiersConfig): Notifier[] {
  return [emailNotifierFromConfig(config), webhookNotifierFromConfig(config)].filter((n): n is NonNullable<typeof n> => n !== undefined);
}

/** The start-up warning when no channel is on: every inquiry would be stored and reach nobody. */
export function noChannelWarning(): string {
  const settings = [...CHANNEL_SETTINGS].map(([channel, variables]) => `${variables} (${channel})`).join(' or ');
  return `No notification channel is configured: inquiries are stored but nobody is told of them. Set ${settings}.`;
}
