import type { SendMailOptions } from 'nodemailer';
import type { NotifiersConfig } from '../../config/notifications.js';
import { DEFAULT_STUDIO_TIME_ZONE } from '../../config/studio.js';
import { studioTime, type StudioTime } from '../../lib/studio-time.js';
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
  /** The studio's time zone, in which the mail says when the inquiry arrived; America/New_York when not given. */
  time?: StudioTime;
  timeouts?: Partial<SmtpTimeouts>;
}

export class EmailNotifier extends SmtpNotifier {
  readonly channel = 'email' as const;
  private readonly from: string;
  private readonly to: string;
  private readonly time: StudioTime;

  constructor(options: EmailNotifierOptions) {
    super(options.smtpUrl, options.timeouts);
    this.to = options.to;
    this.from = options.from ?? defaultFromAddress(options.baseUrl);
    this.time = options.time ?? studioTime(DEFAULT_STUDIO_TIME_ZONE);
  }

  mailFor(inquiry: StoredInquiry): SendMailOptions {
    return {
      from: this.from,
      to: this.to,
      // Explicit envelope: whatever the headers say, the only recipient is the studio inbox.
      envelope: { from: this.from, to: this.to },
      replyTo: replyToOf(inquiry),
      subject: inquirySubject(inquiry),
      text: inquiryText(inquiry, this.time),
      html: inquiryHtml(inquiry, this.time),
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
    time: studioTime(config.studioTimeZone),
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
