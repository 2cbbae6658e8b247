import Fastify from 'fastify';

// The ceiling for the read benchmark: a bare Fastify server answering the same JSON bytes, no hooks.
const body = Buffer.from(process.env.BASELINE_BODY ?? '{}');
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/v1/projects', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
