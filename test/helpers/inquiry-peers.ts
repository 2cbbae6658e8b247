import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';
import { Webhook } from 'standardwebhooks';

// Real loopback peers for the inquiries tests: a Standard Webhooks receiver, an SMTP sink and an SMTP
// server that hangs.
// One of each, shared by every inquiries test file.

export interface ReceivedWebhook { id: string; payload: { type: string; data: { id: string; name: string } } }

/** A request as it arrived, signed or not. */
export interface ReceivedRequest { url: string; headers: IncomingHttpHeaders; body: string }

export interface WebhookReceiver {
  url: string;
  secret: string;
  /** Verified deliveries, in arrival order (duplicates included). */
  received: ReceivedWebhook[];
  /** Every request, answered or not, with its status (null: left unanswered). */
  attempts: Array<{ id: string; status: number | null; at: number }>;
  /** Every request as it arrived. */
  requests: ReceivedRequest[];
  /** The answer to a correctly signed request once the failures are used up; status null = never answer. */
  answer: { status: number | null; location?: string };
  /** Answer the next n requests with 500. */
  failNext(n: number): void;
  close(): Promise<void>;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** A request with a bad signature is answered 400 and not counted as received. */
export async function startWebhookReceiver(options: { port?: number; secret?: string } = {}): Promise<WebhookReceiver> {
  const secret = options.secret ?? newWebhookSecret();
  const verifier = new Webhook(secret);
  let failures = 0;
  const receiver = {
    secret, received: [], attempts: [], requests: [], answer: { status: 204 },
    failNext(n: number) { failures = n; },
  } as unknown as WebhookReceiver;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id'] ?? '');
      receiver.requests.push({ url: request.url ?? '', headers: request.headers, body });
      let status: number | null = receiver.answer.status;
      if (failures > 0) {
        failures -= 1;
        status = 500;
      } else {
        try {
          const payload = verifier.verify(body, request.headers as Record<string, string>) as ReceivedWebhook['payload'];
          if (status !== null && status < 300) receiver.received.push({ id, payload });
        } catch {
          status = 400;
        }
      }
      receiver.attempts.push({ id, status, at: Date.now() });
      if (status === null) return;
      const location = receiver.answer.location;
      response.writeHead(status, location && status >= 300 && status < 400 ? { location } : {}).end(status >= 300 ? 'receiver says no' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/inquiries`;
  receiver.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return receiver;
}

export interface ReceivedMail { envelope: SMTPServerEnvelope; to: string[]; raw: string }

export interface SmtpSink { port: number; url: string; mails: ReceivedMail[]; close(): Promise<void> }

export interface SmtpSinkOptions {
  port?: number;
  /** Mails are appended here (a test may keep the array across a sink's restarts). */
  mails?: ReceivedMail[];
  /** Require AUTH with these credentials (plain text over loopback); without them AUTH is disabled. */
  credentials?: { user: string; pass: string };
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails = options.mails ?? [];
  const credentials = options.credentials;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = structuredClone(session.envelope);
        mails.push({ envelope, to: envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A TCP port that accepts connections and never says a word: an SMTP server that hangs before its greeting. */
export async function startSilentServer(): Promise<{ url: string; connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const peer = { url: '', connections: 0, close: async () => undefined as void };
  const server = createTcpServer((socket) => { peer.connections += 1; sockets.add(socket); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = () => new Promise((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); });
  return peer;
}
