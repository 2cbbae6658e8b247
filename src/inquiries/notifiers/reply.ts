import type { SendMailOptions } from 'nodemailer';
import type { NotifiersConfig } from '../../config/notifications.js';
import type { Notice, StoredInquiry } from '../ports.js';
import { DeliveryError } from './delivery-error.js';
import { singleLine } from './render.js';
import { isPlainAddress, SmtpNotifier, type SmtpTimeouts } from './smtp.js';

// The reply channel: an operator's answer from the inbox, to the inquirer, as src/conversations/reply.ts
// fixed it when it was queued (Message-ID, In-Reply-To, References, Reply-To, subject, text). Nothing is
// made here, so every retry sends the same mail; the envelope names the inquirer only.

export interface ReplyNotifierOptions {
  smtpUrl: string;
  /** INBOX_EMAIL_FROM. */
  from: string;
  /** The studio's name, as the sender's display name; read at each delivery (a content reload may rename it). */
  studioName: () => string;
  timeouts?: Partial<SmtpTimeouts>;
}

export class ReplyNotifier extends SmtpNotifier {
  readonly channel = 'reply' as const;

  constructor(private readonly options: ReplyNotifierOptions) {
    super(options.smtpUrl, options.timeouts);
  }

  mailFor(inquiry: StoredInquiry, notice: Notice): SendMailOptions {
    if (notice.type !== 'reply') throw new DeliveryError('reply', `the reply channel sends replies, not ${notice.type}`);
    const reply = notice.data;
    // The contract's email format admits only plain addresses; an old row that is not is never mailed.
    if (!isPlainAddress(inquiry.email)) throw new DeliveryError('reply', 'recipient is not a plain address');
    const from = this.options.from;
    return {
      from: { name: singleLine(this.options.studioName()), address: from },
      to: inquiry.email,
      envelope: { from, to: inquiry.email },
      replyTo: reply.replyTo,
      subject: singleLine(reply.subject),
      text: reply.text,
      messageId: reply.messageId,
      inReplyTo: reply.inReplyTo,
      references: reply.references,
      disableFileAccess: true,
      disableUrlAccess: true,
    };
  }
}

/** The reply channel when SMTP_URL and INBOX_EMAIL_FROM are set; undefined otherwise (replies are off). */
export function replyNotifierFromConfig(config: NotifiersConfig, studioName: () => string): ReplyNotifier | undefined {
  if (!config.smtpUrl || !config.inboxEmailFrom) return undefined;
  return new ReplyNotifier({ smtpUrl: config.smtpUrl, from: config.inboxEmailFrom, studioName });
}
