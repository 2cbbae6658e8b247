import type { Reader } from './reader.js';

// What the listening server holds against slow clients and overload (src/http/server-limits.ts,
// src/http/load-shedding.ts).

/** Slow clients: the whole request (0 = no limit), its headers, an idle kept-alive connection; open connections beyond the maximum are refused (0 = no limit). */
export interface ClientLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

/** Load shedding: 503 while the event loop's mean delay or its utilization is above these (0 = not checked). */
export interface PressureLimits {
  maxEventLoopDelayMs: number;
  maxEventLoopUtilization: number;
}

export type HttpLimitsConfig = ClientLimits & PressureLimits;

/** The client limits; headers cannot take longer than the whole request (Node refuses that too). */
function readClientLimits(r: Reader): ClientLimits {
  const requestTimeoutMs = r.integer('REQUEST_TIMEOUT_MS', 30_000, 0, 3_600_000);
  const headersTimeoutMs = r.integer('HEADERS_TIMEOUT_MS', Math.min(10_000, requestTimeoutMs || 10_000), 100, 3_600_000);
  if (requestTimeoutMs > 0 && headersTimeoutMs > requestTimeoutMs) r.fail('HEADERS_TIMEOUT_MS', 'must not be longer than REQUEST_TIMEOUT_MS');
  return {
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: r.integer('KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 3_600_000),
    maxConnections: r.integer('MAX_CONNECTIONS', 10_000, 0, 1_000_000),
  };
}

function readLoadShedding(r: Reader): PressureLimits {
  const maxEventLoopUtilization = r.number('MAX_EVENT_LOOP_UTILIZATION', 0, 0);
  if (maxEventLoopUtilization > 1) r.fail('MAX_EVENT_LOOP_UTILIZATION', 'must be a fraction from 0 to 1 (0 = not checked)');
  return { maxEventLoopDelayMs: r.integer('MAX_EVENT_LOOP_DELAY_MS', 1_000, 0, 600_000), maxEventLoopUtilization };
}

export function readHttpLimits(r: Reader): HttpLimitsConfig {
  return { ...readClientLimits(r), ...readLoadShedding(r) };
}
