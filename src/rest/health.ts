import type { FastifyInstance } from 'fastify';
import { PATHS } from '../contract/paths.js';
import { systemClock, type Clock } from '../lib/clock.js';

/** A dependency the service needs to do all of its work (the database, Redis). */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2_000;
const REPORT_TTL_MS = 1_000;

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

/** /healthz: the process is alive (answered under pressure too). /readyz: every dependency answers; 503 with the report otherwise. */
export function registerHealth(app: FastifyInstance, checks: ReadinessCheck[], clock: Clock = systemClock): void {
  const noStore = 'no-store';
  app.get(PATHS.health, { schema: { hide: true }, config: { rateLimit: false, shed: false } }, async (_request, reply) => {
    reply.header('Cache-Control', noStore);
    return { status: 'ok' };
  });
  // Every anonymous /readyz would otherwise ping the database and Redis: a ready report serves a
  // second. An unready one is not kept, so recovery shows at once.
  let cached: { at: number; report: Promise<{ ready: boolean; body: object }> } | undefined;
  const report = async () => {
    const results = await Promise.all(checks.map(async (c) => [c.name, await run(c)] as const));
    const ready = results.every(([, r]) => r.status === 'up');
    return { ready, body: { status: ready ? 'ready' : 'unready', checks: Object.fromEntries(results) } };
  };
  app.get(PATHS.ready, { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) => {
    const now = clock();
    if (!cached || now - cached.at >= REPORT_TTL_MS) cached = { at: now, report: report() };
    const { ready, body } = await cached.report;
    if (!ready) cached = undefined;
    reply.code(ready ? 200 : 503).header('Cache-Control', noStore);
    return body;
  });
}
