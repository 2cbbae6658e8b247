import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { getSystemErrorName } from 'node:util';
import type { Config } from '../../config.js';
import type { Notifier, StoredInquiry } from '../notifier.js';
import { DeliveryError } from './delivery-error.js';
import { inquiryHtml, inquirySubject, inquiryText, singleLine } from './render.js';

// Email notifier: one mail per inquiry to the studio inbox over SMTP (nodemailer). The studio answers
// with a plain "Reply", so Reply-To is the inquirer; the SMTP envelope names only the studio address.

export interface SmtpTimeouts {
  /** TCP connect. */
  connectionMs: number;
  /** From connect to the server's 220 greeting: a port that accepts but never speaks fails here. */
  greetingMs: number;
  /** Inactivity on an open connection. */
  socketMs: number;
}

/** Short enough that a dead server fails this attempt fast; the outbox worker owns the retrying. */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

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

export class EmailNotifier implements Notifier {
  readonly channel = 'email' as const;
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;
  private readonly from: string;
  private readonly to: string;
  /** Right-hand side of every Message-ID: the sender's domain, so ids are unique to this service. */
  private readonly idDomain: string;

  constructor(options: EmailNotifierOptions) {
    this.to = options.to;
    this.from = options.from ?? defaultFromAddress(options.baseUrl);
    this.idDomain = this.from.slice(this.from.lastIndexOf('@') + 1).replace(/[^A-Za-z0-9.-]/g, '') || 'studio-api';
    this.transport = nodemailer.createTransport(smtpTransport(options.smtpUrl, { ...DEFAULT_SMTP_TIMEOUTS, ...options.timeouts }));
  }

  async deliver(inquiry: StoredInquiry): Promise<void> {
    try {
      await this.transport.sendMail(this.mailFor(inquiry));
    } catch (error) {
      throw smtpDeliveryError(error);
    }
  }

  /**
   * Connects, reads the greeting, says EHLO (STARTTLS and AUTH when configured) and quits, within the
   * same timeouts as a delivery: whether a mail could go out now, without sending one.
   */
  async verify(): Promise<void> {
    try {
      await this.transport.verify();
    } catch (error) {
      throw smtpDeliveryError(error);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }

  /** The mail for one inquiry; public so tests and previews can see exactly what would be sent. */
  mailFor(inquiry: StoredInquiry): SendMailOptions {
    const id = idToken(inquiry.id);
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
      messageId: `<inquiry-${id}@${this.idDomain}>`,
      headers: {
        'X-Inquiry-Id': id,
        // RFC 3834: tells out-of-office robots not to answer the service's own sender address.
        'Auto-Submitted': 'auto-generated',
      },
      disableFileAccess: true,
      disableUrlAccess: true,
    };
  }
}

/** The email notifier when SMTP_URL is configured, otherwise undefined (the channel is off). */
export function emailNotifierFromConfig(config: Config): EmailNotifier | undefined {
  if (!config.smtpUrl || !config.inboxEmailTo) return undefined;
  return new EmailNotifier({
    smtpUrl: config.smtpUrl,
    to: config.inboxEmailTo,
    from: config.inboxEmailFrom,
    baseUrl: config.baseUrl,
  });
}

export function defaultFromAddress(baseUrl: string): string {
  return `studio-api@${new URL(baseUrl).hostname.replace(/^\[|\]$/g, '') || 'localhost'}`;
}

function smtpTransport(smtpUrl: string, timeouts: SmtpTimeouts): SMTPTransport {
  // SMTPTransport merges `url` with the other options; query parameters in SMTP_URL win, so an
  // operator can tune a peer without a code change.
  return new SMTPTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
  });
}

/** A plain addr-spec: one @, no whitespace, controls or address punctuation that could start a list. */
const PLAIN_ADDRESS = /^[^\s\u0000-\u001f\u007f<>()\[\],;:"\\@]+@[^\s\u0000-\u001f\u007f<>()\[\],;:"\\@]+$/;

/**
 * The inquirer as an address object, so nodemailer quotes or encodes the name itself. An address that
 * is not a plain addr-spec is left out rather than repaired: the mail still goes out (the body shows
 * the address as typed) and no header can be shaped by it.
 */
function replyToOf(inquiry: StoredInquiry): SendMailOptions['replyTo'] {
  if (!PLAIN_ADDRESS.test(inquiry.email)) return undefined;
  return { name: singleLine(inquiry.name), address: inquiry.email };
}

/** Only characters valid in a Message-ID's dot-atom; anything else is percent-encoded per byte. */
function idToken(value: string): string {
  return Array.from(new TextEncoder().encode(value), (byte) => {
    const char = String.fromCharCode(byte);
    return /[A-Za-z0-9_-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

interface SmtpErrorFields {
  code?: unknown;
  errno?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

/** Keeps nodemailer's code, SMTP reply code and command; drops its message (it may quote the peer). */
function smtpDeliveryError(error: unknown): DeliveryError {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as SmtpErrorFields;
  const code = typeof fields.code === 'string' ? fields.code : 'error';
  const status = typeof fields.responseCode === 'number' ? fields.responseCode : undefined;
  // Socket failures arrive as ESOCKET with the system errno (e.g. ECONNREFUSED) beside it.
  const system = typeof fields.errno === 'number' && fields.errno < 0 ? ` ${getSystemErrorName(fields.errno)}` : '';
  const command = typeof fields.command === 'string' ? ` at ${fields.command.split(' ')[0]}` : '';
  return new DeliveryError('email', `${code}${system}${status ? ` ${status}` : ''}${command}`, status);
}
