import type { FastifyInstance } from 'fastify';
import { PATHS } from '../contract/paths.js';
import { systemClock, type Clock } from '../lib/clock.js';

/**
 * A dependency the service needs to do all of its work (the database, Redis), or one that the report
 * shows without the service depending on it (`required: false`: a notification channel, since an
 * inquiry is stored and acknowledged whether or not anyone is told at once).
 */
export interface ReadinessCheck {
  name: string;
  /** Default true: when it is not up, the instance is unready (503). */
  required?: boolean;
  /**
   * Resolves when the dependency answers, rejects when it does not (reported as "unreachable" or
   * "timed out": driver messages can carry hosts and user names). A check that reports what was learnt
   * earlier (a cached probe: a slow peer must not hold up the report) resolves with that state instead.
   */
  check(): Promise<void | KnownState>;
}

/** A state learnt earlier, reported as it is: its error must be fit to publish. */
export interface KnownState {
  status: 'up' | 'down' | 'unknown';
  error?: string;
  /** When it was learnt (epoch ms). */
  checkedAt?: number;
  /** How it was learnt (e.g. a probe, a delivery). */
  via?: string;
}

interface CheckReport {
  status: KnownState['status'];
  latency_ms: number;
  error?: string;
  required?: false;
  checked_at?: string;
  via?: string;
}

const CHECK_TIMEOUT_MS = 2_000;
const REPORT_TTL_MS = 1_000;

function knownStateReport(state: KnownState, latency: number): CheckReport {
  return {
    status: state.status, latency_ms: latency,
    ...(state.error === undefined ? {} : { error: state.error }),
    ...(state.checkedAt === undefined ? {} : { checked_at: new Date(state.checkedAt).toISOString() }),
    ...(state.via === undefined ? {} : { via: state.via }),
  };
}

async function probe(check: ReadinessCheck): Promise<CheckReport> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  try {
    const state = await Promise.race([
      check.check(),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS); }),
    ]);
    return state ? knownStateReport(state, latency()) : { status: 'up', latency_ms: latency() };
  } catch (error) {
    // The report names the failure class only; driver messages can carry hosts and user names.
    const reason = (error as Error).message === 'timed out' ? 'timed out' : 'unreachable';
    return { status: 'down', latency_ms: latency(), error: reason };
  } finally {
    clearTimeout(timer);
  }
}

async function run(check: ReadinessCheck): Promise<CheckReport> {
  const report = await probe(check);
  return check.required === false ? { ...report, required: false } : report;
}

/** /healthz: the process is alive (answered under pressure too). /readyz: every required dependency answers; 503 with the report otherwise. */
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
    const ready = results.every(([, r]) => r.required === false || r.status === 'up');
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
