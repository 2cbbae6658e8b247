import type { FastifyInstance } from 'fastify';

/** A dependency the service needs to do all of its work (the database, Redis). */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2_000;

async function run(check: ReadinessCheck): Promise<{ status: 'up' | 'down'; latency_ms: number; error?: string }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check.check(),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS); }),
    ]);
    return { status: 'up', latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    // The report names the failure class only; driver messages can carry hosts and user names.
    const reason = (error as Error).message === 'timed out' ? 'timed out' : 'unreachable';
    return { status: 'down', latency_ms: Math.round(performance.now() - started), error: reason };
  } finally {
    clearTimeout(timer);
  }
}

/** /healthz: the process is alive. /readyz: every dependency answers; 503 with the report otherwise. */
export function registerHealth(app: FastifyInstance, checks: ReadinessCheck[]): void {
  const noStore = 'no-store';
  app.get('/healthz', { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) => {
    reply.header('Cache-Control', noStore);
    return { status: 'ok' };
  });
  app.get('/readyz', { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) => {
    const results = await Promise.all(checks.map(async (c) => [c.name, await run(c)] as const));
    const ready = results.every(([, r]) => r.status === 'up');
    reply.code(ready ? 200 : 503).header('Cache-Control', noStore);
    return { status: ready ? 'ready' : 'unready', checks: Object.fromEntries(results) };
  });
}
