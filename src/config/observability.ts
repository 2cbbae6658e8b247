import type { Reader } from './reader.js';

// What the service tells its operators: the log level, and whether /metrics answers.

export interface ObservabilityConfig {
  logLevel: string;
  /** The bearer token of GET /metrics; unset: no /metrics, nothing measured. */
  metricsToken: string | undefined;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function readMetricsToken(reader: Reader): string | undefined {
  const value = reader.raw('METRICS_TOKEN');
  if (value === undefined || /^[\x21-\x7e]{16,}$/.test(value)) return value;
  return reader.fail('METRICS_TOKEN', 'must be at least 16 visible ASCII characters (e.g. openssl rand -hex 32)');
}

export function readObservability(r: Reader): ObservabilityConfig {
  return { logLevel: r.oneOf('LOG_LEVEL', 'info', LOG_LEVELS), metricsToken: readMetricsToken(r) };
}
