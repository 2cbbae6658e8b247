import { monitorEventLoopDelay, performance, type EventLoopUtilization, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PressureLimits } from '../config/http-limits.js';
import { ApiError } from '../contract/errors.js';

/** What a refused client is told to wait: pressure is sampled every second, but a retry storm a second later would only renew it. */
export const OVERLOADED_RETRY_AFTER_S = 10;
const SAMPLE_INTERVAL_MS = 1_000;
const RESOLUTION_MS = 10;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: the route answers under pressure too (the liveness probe: a busy process is alive). */
    shed?: boolean;
  }
}

/**
 * The event loop's load over the last second: its mean delay (how long a ready callback waited for its
 * turn) and its utilization. Sampling starts when the server listens, so the app's own start-up (schema
 * compilation, building the site) is not taken for pressure.
 */
export class EventLoopPressure {
  overloaded = false;
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private utilization: EventLoopUtilization | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly limits: PressureLimits, private readonly onChange: (overloaded: boolean, load: object) => void) {}

  start(): void {
    this.histogram.enable();
    this.utilization = performance.eventLoopUtilization();
    this.timer = setInterval(() => this.sample(), SAMPLE_INTERVAL_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  private sample(): void {
    // No delay recorded in a whole interval: the loop never turned, the worst pressure there is.
    const delayMs = this.histogram.count === 0 ? Infinity : Math.max(0, this.histogram.mean / 1e6 - RESOLUTION_MS);
    const now = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(now, this.utilization).utilization;
    this.histogram.reset();
    this.utilization = now;
    const { maxEventLoopDelayMs: maxDelay, maxEventLoopUtilization: maxUtilization } = this.limits;
    const overloaded = (maxDelay > 0 && delayMs > maxDelay) || (maxUtilization > 0 && utilization > maxUtilization);
    if (overloaded !== this.overloaded) this.onChange(overloaded, { delayMs: Math.round(delayMs), utilization: Math.round(utilization * 100) / 100 });
    this.overloaded = overloaded;
  }
}

/** The process's one pressure monitor (it outlives content reloads), or none when both limits are 0. */
export function eventLoopPressure(limits: PressureLimits, log: FastifyBaseLogger): EventLoopPressure | undefined {
  if (limits.maxEventLoopDelayMs === 0 && limits.maxEventLoopUtilization === 0) return undefined;
  return new EventLoopPressure(limits, (overloaded, load) => {
    if (overloaded) log.warn(load, 'event loop overloaded: refusing requests with 503 until it recovers');
    else log.info(load, 'event loop recovered: serving again');
  });
}

/**
 * Load shedding for the whole origin: while the event loop's mean delay (or, when set, its utilization)
 * over the last second is above its limit, a request is refused at once with 503 `overloaded` and
 * Retry-After instead of waiting in an ever longer queue. The refusal is thrown, so each context answers
 * it in its own shape (REST Error, OAuth temporarily_unavailable, JSON-RPC). /readyz is refused too, which
 * takes the instance out of a load balancer until the pressure is gone; /healthz answers (`shed: false`).
 * The monitor is started and stopped by the composition root, with the listening server.
 */
export function registerLoadShedding(app: FastifyInstance, pressure: EventLoopPressure | undefined): void {
  if (!pressure) return;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!pressure.overloaded || request.routeOptions.config.shed === false) {
      done();
      return;
    }
    done(new ApiError('overloaded', { retryAfter: OVERLOADED_RETRY_AFTER_S }));
  });
}
