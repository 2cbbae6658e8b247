import type { SendMailOptions, Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { getSystemErrorName } from 'node:util';
import { RECEIVED, type Notice, type Notifier, type StoredInquiry } from '../ports.js';
import { DeliveryError } from './delivery-error.js';

// What every notifier that sends mail shares: one pool of SMTP connections from SMTP_URL with short timeouts, the
// mapping of its errors to a DeliveryError without personal data, and the rules for addresses and
// Message-IDs. The email notifier (to the studio), the acknowledgement and the reply (to the inquirer) differ only
// in the mail they build.

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

/** Connections of the pool unless SMTP_URL says otherwise (`?maxConnections=`): nodemailer's own default. */
export const DEFAULT_SMTP_CONNECTIONS = 5;

type MailChannel = 'email' | 'acknowledgement' | 'reply';
type SmtpTransporter = Transporter<SMTPPool.SentMessageInfo>;

/** A notifier that sends one mail per inquiry over SMTP_URL; subclasses say which mail. */
export abstract class SmtpNotifier implements Notifier {
  abstract readonly channel: MailChannel;
  /** One delivery per pooled connection: the outbox never queues mail inside nodemailer, behind a hung one. */
  readonly concurrency: number;
  private readonly timeouts: SmtpTimeouts;
  private opened?: Promise<SmtpTransporter>;

  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://… (TLS from the start). */
  protected constructor(private readonly smtpUrl: string, timeouts: Partial<SmtpTimeouts> = {}) {
    this.timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...timeouts };
    this.concurrency = poolSizeOf(smtpUrl);
  }

  /** The pool, made on the first mail or check: nodemailer's 39 modules are not loaded at start. */
  private transport(): Promise<SmtpTransporter> {
    this.opened ??= openPool(this.smtpUrl, this.timeouts);
    return this.opened;
  }

  /** The mail for one notice of an inquiry; public so tests and previews can see exactly what would be sent. */
  abstract mailFor(inquiry: StoredInquiry, notice: Notice): SendMailOptions;

  async deliver(inquiry: StoredInquiry, notice: Notice = RECEIVED): Promise<void> {
    const mail = this.mailFor(inquiry, notice);
    try {
      await (await this.transport()).sendMail(mail);
    } catch (error) {
      throw smtpDeliveryError(this.channel, error);
    }
  }

  /**
   * Connects, reads the greeting, says EHLO (STARTTLS and AUTH when configured) and quits, within the
   * same timeouts as a delivery: whether a mail could go out now, without sending one.
   */
  async verify(): Promise<void> {
    try {
      await (await this.transport()).verify();
    } catch (error) {
      throw smtpDeliveryError(this.channel, error);
    }
  }

  async close(): Promise<void> {
    if (this.opened) (await this.opened).close();
  }
}

/** The pool's connections: SMTP_URL's `?maxConnections=` (nodemailer reads the same parameter), else the default. */
function poolSizeOf(smtpUrl: string): number {
  const configured = Number(new URL(smtpUrl).searchParams.get('maxConnections'));
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_SMTP_CONNECTIONS;
}

/**
 * Connections kept open and reused from one mail to the next (a new one per mail costs a TCP, EHLO and
 * often a TLS and AUTH exchange). The pool merges `url` with the other options; query parameters in
 * SMTP_URL win, so an operator can tune a peer (`?maxConnections=10`) without a code change.
 */
export async function openPool(smtpUrl: string, timeouts: SmtpTimeouts): Promise<SmtpTransporter> {
  const [{ default: nodemailer }, { default: SMTPPool }] = await Promise.all([
    import('nodemailer'), import('nodemailer/lib/smtp-pool/index.js'),
  ]);
  return nodemailer.createTransport(new SMTPPool({
    pool: true,
    url: smtpUrl,
    maxConnections: DEFAULT_SMTP_CONNECTIONS,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
  }));
}

export function defaultFromAddress(baseUrl: string): string {
  return `studio-api@${new URL(baseUrl).hostname.replace(/^\[|\]$/g, '') || 'localhost'}`;
}

/** A plain addr-spec: one @, no whitespace, controls or address punctuation that could start a list. */
const PLAIN_ADDRESS = /^[^\s\u0000-\u001f\u007f<>()\[\],;:"\\@]+@[^\s\u0000-\u001f\u007f<>()\[\],;:"\\@]+$/;

/** Whether an address can go into a header or the envelope as it is: nothing in it can shape a header. */
export function isPlainAddress(address: string): boolean {
  return PLAIN_ADDRESS.test(address);
}

/**
 * A Message-ID for one inquiry's mail of one kind: the same on every retry, so mail clients and the
 * receiving side fold duplicates into one. The right-hand side is the sender's domain.
 */
export function messageIdOf(kind: string, inquiryId: string, from: string): string {
  const domain = from.slice(from.lastIndexOf('@') + 1).replace(/[^A-Za-z0-9.-]/g, '') || 'studio-api';
  return `<${kind}-${idToken(inquiryId)}@${domain}>`;
}

/** Only characters valid in a Message-ID's dot-atom; anything else is percent-encoded per byte. */
export function idToken(value: string): string {
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

/**
 * What may be kept of an SMTP failure: nodemailer's code, the SMTP reply code and the command; never its
 * message (it may quote the peer). Shared by every sender of mail (the invitations too).
 */
export function smtpFailureReason(error: unknown): { reason: string; status?: number } {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as SmtpErrorFields;
  const code = typeof fields.code === 'string' ? fields.code : 'error';
  const status = typeof fields.responseCode === 'number' ? fields.responseCode : undefined;
  // Socket failures arrive as ESOCKET with the system errno (e.g. ECONNREFUSED) beside it.
  const system = typeof fields.errno === 'number' && fields.errno < 0 ? ` ${getSystemErrorName(fields.errno)}` : '';
  const command = typeof fields.command === 'string' ? ` at ${fields.command.split(' ')[0]}` : '';
  return { reason: `${code}${system}${status ? ` ${status}` : ''}${command}`, status };
}

function smtpDeliveryError(channel: MailChannel, error: unknown): DeliveryError {
  const { reason, status } = smtpFailureReason(error);
  return new DeliveryError(channel, reason, status);
}
