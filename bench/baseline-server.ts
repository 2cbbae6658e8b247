import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// The ceiling of a benchmark: a bare Fastify server answering the same bytes at /page, with no hooks.
// BASELINE_FILE for bytes that are not text (an image), BASELINE_BODY otherwise; BASELINE_HEADERS (a JSON
// object) for headers sent as they are with every answer, none computed. No type syntax: bench/startup.ts
// runs this file with plain node (--eval), as bare Fastify starts without tsx.
const body = process.env.BASELINE_FILE ? readFileSync(process.env.BASELINE_FILE) : Buffer.from(process.env.BASELINE_BODY ?? '');
const type = process.env.BASELINE_TYPE ?? 'application/json; charset=utf-8';
const headers = Object.freeze(JSON.parse(process.env.BASELINE_HEADERS ?? '{}'));
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/page', async (_request, reply) => reply.headers(headers).type(type).send(body));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
