import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type pg from 'pg';
import { errorClass } from '../../lib/error-class.js';
import type { Logger } from '../../lib/logger.js';
import type { Revocation, RevocationFeed, RevocationListener } from '../../oauth/ports.js';

/** The channel the revocation store notifies on (./revocation-list.ts), payload `<expires_at> <subject>`. */
export const REVOCATION_CHANNEL = 'studio_oauth_revocations';

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/**
 * A connection that dies silently (a partition, no FIN) is noticed by this heartbeat at the latest
 * (plus its timeout): until then memory is trusted. The heartbeat is a NOTIFY this connection must hear
 * back: a connection that can LISTEN but is never told (a pooler in transaction mode) fails it too.
 */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_PAYLOAD = 'heartbeat ';
const STATEMENT_TIMEOUT_MS = 3_000;

/** The notification of a stored revocation, `<expires_at> <subject>`, built in SQL from the row's columns; revocationOf reads it. */
export function revocationPayload(expiresAt: RawBuilder<unknown>, subject: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`${expiresAt} || ' ' || ${subject}`;
}

function revocationOf(payload: string): Revocation | undefined {
  const space = payload.indexOf(' ');
  const expiresAt = Number(payload.slice(0, space));
  if (space < 1 || !Number.isFinite(expiresAt)) return undefined;
  return { subject: payload.slice(space + 1), expiresAt };
}

/**
 * The RevocationFeed on PostgreSQL LISTEN/NOTIFY, on a connection of its own (a pooled connection would
 * be handed to queries and lose its LISTEN). A lost connection is told to the listener at once (which
 * then asks the store per request) and reconnected with exponential backoff; each (re)connect LISTENs
 * before telling `connected()`, so the listener's full re-read misses nothing.
 */
export class PgRevocationFeed implements RevocationFeed {
  private listener: RevocationListener | undefined;
  private client: pg.Client | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private backoffMs = RECONNECT_FIRST_MS;
  private closed = false;

  constructor(private readonly databaseUrl: string, private readonly log: Logger) {}

  start(listener: RevocationListener): void {
    this.listener = listener;
    void this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeat);
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    // pg is loaded with the first connection, not at start (as the pool's: src/store/db/database.ts).
    const { default: { Client } } = await import('pg');
    if (this.closed) return;
    const client = new Client({
      connectionString: this.databaseUrl, connectionTimeoutMillis: STATEMENT_TIMEOUT_MS, query_timeout: STATEMENT_TIMEOUT_MS, keepAlive: true,
    });
    this.client = client;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      clearInterval(this.heartbeat);
      this.listener!.lost();
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err: error === undefined ? undefined : errorClass(error), retryInMs: this.backoffMs },
        'revocation feed (LISTEN) disconnected; bearer requests ask the database until it is back');
      this.reconnectTimer = setTimeout(() => void this.connect(), this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, RECONNECT_MAX_MS);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    let heard: string | undefined;
    client.on('notification', ({ channel, payload }) => {
      if (channel !== REVOCATION_CHANNEL || !payload) return;
      if (payload.startsWith(HEARTBEAT_PAYLOAD)) heard = payload;
      const revocation = heard === payload ? undefined : revocationOf(payload);
      if (revocation) this.listener!.revoked(revocation);
    });
    const listen = `LISTEN ${REVOCATION_CHANNEL}`;
    try {
      await client.connect();
      await client.query(listen);
    } catch (error) {
      onLost(error);
      return;
    }
    if (lost || this.closed) return;
    this.backoffMs = RECONNECT_FIRST_MS;
    this.heartbeat = setInterval(() => {
      const expected = HEARTBEAT_PAYLOAD + randomUUID();
      client.query('select pg_notify($1, $2)', [REVOCATION_CHANNEL, expected]).then(
        () => setTimeout(() => { if (heard !== expected) onLost(new Error('heartbeat not heard back')); }, STATEMENT_TIMEOUT_MS).unref(),
        onLost,
      );
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    this.listener!.connected();
  }
}
