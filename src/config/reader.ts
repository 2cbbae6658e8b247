// Reads one variable at a time and collects one problem per bad variable instead of stopping at the
// first, so a start refused for its configuration names every variable to fix at once.

/** Every bad variable of a start, one problem each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

/** Variables whose values can hold passwords or keys: a message about them never repeats the value. */
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'INBOX_WEBHOOK_SECRET', 'INBOX_WEBHOOK_URL', 'INBOUND_EMAIL_SECRET', 'CALENDAR_BUSY_URLS', 'OAUTH_SIGNING_KEY', 'METRICS_TOKEN']);

export function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

export class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === '' ? undefined : value;
  }

  fail(name: string, rule: string): undefined {
    const got = SECRET_VARIABLES.has(name) ? 'value not shown' : `got ${JSON.stringify(this.env[name])}`;
    this.problems.push(`${name} ${rule} (${got})`);
    return undefined;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      return this.fail(name, `must be a whole number from ${min} to ${max}`) ?? fallback;
    }
    return n;
  }

  number(name: string, fallback: number, min: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n < min) return this.fail(name, `must be a number of at least ${min}`) ?? fallback;
    return n;
  }

  flag(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (value === 'true' || value === 'false') return value === 'true';
    return this.fail(name, 'must be true or false') ?? fallback;
  }

  oneOf(name: string, fallback: string, allowed: string[]): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!allowed.includes(value)) return this.fail(name, `must be one of ${allowed.join(', ')}`) ?? fallback;
    return value;
  }

  url(name: string, protocols: string[]): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const parsed = parseUrl(value);
    if (!parsed || !protocols.includes(parsed.protocol)) {
      return this.fail(name, `must be a URL with scheme ${protocols.map((p) => p.slice(0, -1)).join(' or ')}`);
    }
    return value;
  }

  origin(name: string, value: string): string | undefined {
    const parsed = parseUrl(value);
    const isOrigin = parsed && ['http:', 'https:'].includes(parsed.protocol) && (parsed.pathname === '/' || parsed.pathname === '')
      && !parsed.search && !parsed.hash && !parsed.username;
    if (!isOrigin) return this.fail(name, 'must be an origin such as https://studio.example (scheme, host, optional port; no path)');
    return parsed.origin;
  }

  date(name: string, fallback: string): Date {
    const value = this.raw(name) ?? fallback;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return this.fail(name, 'must be a date (ISO 8601 or HTTP-date)') ?? new Date(fallback);
    return date;
  }

  email(name: string): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!/^[^\s@<>]+@[^\s@<>]+$/.test(value)) return this.fail(name, 'must be an email address');
    return value;
  }
}
