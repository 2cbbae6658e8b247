import { createServer } from 'node:http';
import { startSmtpSink, startWebhookReceiver } from '../test/helpers/inquiry-peers.js';

// The studio's receivers (an SMTP sink and a webhook receiver) in a process of their own, for the
// outbox's sustained-load case: sharing the bench's process, they answered only when autocannon let
// them, and every round trip of SMTP's dialogue waited for that. GET /peers says where they listen,
// GET /delivered how many mails and webhooks arrived so far; PORT is this control server's.

const sink = await startSmtpSink();
const hook = await startWebhookReceiver();

const control = createServer((request, response) => {
  const answer = (body: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (request.url === '/healthz') return answer({ status: 'ok' });
  if (request.url === '/peers') return answer({ smtpUrl: sink.url, hookUrl: hook.url, hookSecret: hook.secret });
  if (request.url === '/delivered') return answer({ mails: sink.mails.length, webhooks: hook.received.length });
  response.writeHead(404).end();
});
control.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

const close = () => control.close(() => void Promise.all([sink.close(), hook.close()]).then(() => process.exit(0)));
process.on('SIGTERM', close);
process.on('SIGINT', close);
