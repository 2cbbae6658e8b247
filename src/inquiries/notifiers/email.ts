import type { SendMailOptions } from 'nodemailer';
import type { NotifiersConfig } from '../../config/notifications.js';
import type { StoredInquiry } from '../ports.js';
import { inquiryHtml, inquirySubject, inquiryText, singleLine } from './render.js';
import { defaultFromAddress, idToken, isPlainAddress, messageIdOf, SmtpNotifier, type SmtpTimeouts } from './smtp.js';

// Email notifier: one mail per inquiry to the studio inbox over SMTP (nodemailer). The studio answers
// with a plain "Reply", so Reply-To is the inquirer; the SMTP envelope names only the studio address.

export { DEFAULT_SMTP_TIMEOUTS, defaultFromAddress, type SmtpTimeouts } from './smtp.js';

export interface EmailNotifierOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://… (TLS from the start). */
  smtpUrl: string;
  /** The studio inbox. */
  to: string;
  /** Sender address; defaults to studio-api@<host of baseUrl>. */
  from?: string;
  /** Public origin of the service, for the default sender. */
  baseUrl: string;
  timeouts?: Partial<SmtpTimeouts>;
}

export class EmailNotifier extends SmtpNotifier {
  readonly channel = 'email' as const;
  private readonly from: string;
  private readonly to: string;

  constructor(options: EmailNotifierOptions) {
    super(options.smtpUrl, options.timeouts);
    this.to = options.to;
    this.from = options.from ?? defaultFromAddress(options.baseUrl);
  }

  mailFor(inquiry: StoredInquiry): SendMailOptions {
    return {
      from: this.from,
      to: this.to,
      // Explicit envelope: whatever the headers say, the only recipient is the studio inbox.
      envelope: { from: this.from, to: this.to },
      replyTo: replyToOf(inquiry),
      subject: inquirySubject(inquiry),
      text: inquiryText(inquiry),
      html: inquiryHtml(inquiry),
      // Same Message-ID on every retry: mail clients and the receiving side fold duplicates into one.
      messageId: messageIdOf('inquiry', inquiry.id, this.from),
      headers: {
        'X-Inquiry-Id': idToken(inquiry.id),
        // RFC 3834: tells out-of-office robots not to answer the service's own sender address.
        'Auto-Submitted': 'auto-generated',
      },
      disableFileAccess: true,
      disableUrlAccess: true,
    };
  }
}

/** The email notifier when SMTP_URL is configured, otherwise undefined (the channel is off). */
export function emailNotifierFromConfig(config: NotifiersConfig): EmailNotifier | undefined {
  if (!config.smtpUrl || !config.inboxEmailTo) return undefined;
  return new EmailNotifier({
    smtpUrl: config.smtpUrl,
    to: config.inboxEmailTo,
    from: config.inboxEmailFrom,
    baseUrl: config.baseUrl,
  });
}

/**
 * The inquirer as an address object, so nodemailer quotes or encodes the name itself. An address that
 * is not a plain addr-spec is left out rather than repaired: the mail still goes out (the body shows
 * the address as typed) and no header can be shaped by it.
 */
function replyToOf(inquiry: StoredInquiry): SendMailOptions['replyTo'] {
  if (!isPlainAddress(inquiry.email)) return undefined;
  return { name: singleLine(inquiry.name), address: inquiry.email };
}
