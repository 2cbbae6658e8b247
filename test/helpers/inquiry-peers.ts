import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';

// Real loopback peers for the inquiries tests: a Standard Webhooks receiver and an SMTP sink.

export interface ReceivedWebhook { id: string; payload: { type: string; data: { id: string; name: string } } }

export interface WebhookReceiver {
  url: string;
  secret: string;
  /** Verified deliveries, in arrival order (duplicates included). */
  received: ReceivedWebhook[];
  /** Every request, answered or not, with its status. */
  attempts: Array<{ id: string; status: number; at: number }>;
  /** Answer the next n requests with 500. */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const verifier = new Webhook(secret);
  const received: ReceivedWebhook[] = [];
  const attempts: WebhookReceiver['attempts'] = [];
  let failures = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id'] ?? '');
      let status = 204;
      if (failures > 0) {
        failures -= 1;
        status = 500;
      } else {
        try {
          const payload = verifier.verify(body, request.headers as Record<string, string>) as ReceivedWebhook['payload'];
          received.push({ id, payload });
        } catch {
          status = 400;
        }
      }
      attempts.push({ id, status, at: Date.now() });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/inquiries`,
    secret,
    received,
    attempts,
    failNext(n) { failures = n; },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export interface ReceivedMail { to: string[]; raw: string }

export interface SmtpSink { url: string; mails: ReceivedMail[]; close(): Promise<void> }

export async function startSmtpSink(port = 0, mails: ReceivedMail[] = []): Promise<SmtpSink> {
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${bound}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
