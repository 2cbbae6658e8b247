import type { DigestMail, DigestMailer } from '../digest.js';
import { DEFAULT_SMTP_TIMEOUTS, defaultFromAddress, openPool } from './smtp.js';

// The morning digest's mail, over the same kind of SMTP pool as the studio's notifications (SMTP_URL),
// to INBOX_EMAIL_TO, from INBOX_EMAIL_FROM or the default sender (both the operator's, checked at start;
// the envelope names only the studio). One mail a day: the pool is opened with the first one and kept.

export interface SmtpDigestMailerOptions {
  smtpUrl: string;
  to: string;
  from?: string;
  baseUrl: string;
}

export class SmtpDigestMailer implements DigestMailer {
  private readonly from: string;
  private opened?: ReturnType<typeof openPool>;

  constructor(private readonly options: SmtpDigestMailerOptions) {
    this.from = options.from ?? defaultFromAddress(options.baseUrl);
  }

  async send(mail: DigestMail): Promise<void> {
    this.opened ??= openPool(this.options.smtpUrl, DEFAULT_SMTP_TIMEOUTS);
    await (await this.opened).sendMail({
      from: this.from, to: this.options.to, envelope: { from: this.from, to: this.options.to },
      subject: mail.subject, text: mail.text, html: mail.html,
      // RFC 3834: out-of-office robots do not answer it.
      headers: { 'Auto-Submitted': 'auto-generated' },
      disableFileAccess: true, disableUrlAccess: true,
    });
  }

  async close(): Promise<void> {
    if (this.opened) (await this.opened).close();
  }
}
