import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

// What the conversation tests share: raw messages as a homeowner's mailer writes them, and a provider's
// inbound hook that signs them (the standardwebhooks package, as a provider's SDK does).

export function newInboundSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export interface RawMessageParts {
  from?: string;
  to: string;
  subject?: string;
  text: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  attachment?: { filename: string; contentType: string; content: Buffer };
}

/** An RFC 5322 message, CRLF lines; with an attachment, multipart/mixed with it in base64. */
export function rawMessage(parts: RawMessageParts): string {
  const headers = [
    `From: ${parts.from ?? 'Ana Homeowner <ana@example.org>'}`,
    `To: ${parts.to}`,
    `Subject: ${parts.subject ?? 'Re: your reply'}`,
    'Date: Fri, 27 Nov 2026 14:00:00 +0000',
    `Message-ID: ${parts.messageId ?? `<${randomBytes(8).toString('hex')}@mail.example.org>`}`,
    ...(parts.inReplyTo ? [`In-Reply-To: ${parts.inReplyTo}`] : []),
    ...(parts.references ? [`References: ${parts.references.join(' ')}`] : []),
    'MIME-Version: 1.0',
  ];
  if (!parts.attachment) return [...headers, 'Content-Type: text/plain; charset=utf-8', '', parts.text, ''].join('\r\n');
  const boundary = `b-${randomBytes(6).toString('hex')}`;
  const base64 = parts.attachment.content.toString('base64').replace(/.{76}/g, '$&\r\n');
  return [...headers, `Content-Type: multipart/mixed; boundary="${boundary}"`, '',
    `--${boundary}`, 'Content-Type: text/plain; charset=utf-8', '', parts.text, '',
    `--${boundary}`, `Content-Type: ${parts.attachment.contentType}`, 'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename="${parts.attachment.filename}"`, '', base64, `--${boundary}--`, ''].join('\r\n');
}

/** POST /inbound/email as a provider's hook sends it: signed with `secret` unless told otherwise. */
export async function postInbound(
  baseUrl: string, raw: string, options: { secret?: string; signedAt?: Date; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'message/rfc822', ...options.headers };
  if (options.secret) {
    const id = `msg_${randomBytes(8).toString('hex')}`;
    const at = options.signedAt ?? new Date();
    headers['webhook-id'] = id;
    headers['webhook-timestamp'] = String(Math.floor(at.getTime() / 1000));
    headers['webhook-signature'] = new Webhook(options.secret).sign(id, at, raw);
  }
  return fetch(`${baseUrl}/inbound/email`, { method: 'POST', headers, body: raw, signal: AbortSignal.timeout(60_000) });
}
