import type { Reader } from './reader.js';

// Where the service listens, the public origin it answers as, and whom it trusts to say who called.

export type TrustProxy = boolean | number | string[];

export interface ServerConfig {
  port: number;
  host: string;
  /** Public origin, no trailing slash: every absolute URL and the OAuth issuer. */
  baseUrl: string;
  /** Origins allowed to POST inquiries, the BASE_URL origin first. */
  allowedOrigins: string[];
  trustProxy: TrustProxy;
}

function readTrustProxy(reader: Reader): TrustProxy {
  const value = reader.raw('TRUST_PROXY');
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  const addressOrCidr = /^(?:[\d.]+|[0-9a-f:]+)(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/i;
  if (entries.length === 0 || !entries.every((e) => addressOrCidr.test(e))) {
    return reader.fail('TRUST_PROXY', 'must be true, false, a hop count, or a comma list of addresses/CIDRs') ?? false;
  }
  return entries;
}

export function readServer(r: Reader): ServerConfig {
  const port = r.integer('PORT', 3000, 0, 65535);
  const baseUrl = r.origin('BASE_URL', r.raw('BASE_URL') ?? `http://localhost:${port}`) ?? `http://localhost:${port}`;
  const extraOrigins = (r.raw('ALLOWED_ORIGINS') ?? '').split(',').map((s) => s.trim()).filter(Boolean)
    .map((origin) => r.origin('ALLOWED_ORIGINS', origin))
    .filter((origin): origin is string => origin !== undefined);
  return {
    port,
    host: r.raw('HOST') ?? '0.0.0.0',
    baseUrl,
    allowedOrigins: [...new Set([baseUrl, ...extraOrigins])],
    trustProxy: readTrustProxy(r),
  };
}
