import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Db } from '../../src/store/db/database.js';
import type { OpenApiContract } from './openapi.js';

// Helpers of the inquiries test files: bodies, requests in both media types, and the inbox store.

export const silentLogger = pino({ level: 'silent' }) as FastifyBaseLogger;

export type Body = Record<string, unknown>;
export type MediaType = 'json' | 'form';

let counter = 0;
/** A valid inquiry; each call gets a distinct message so that duplicate detection does not merge them. */
export function validInquiry(overrides: Body = {}): Body {
  counter += 1;
  return {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+1 305 555 0100',
    message: `A beach house on Key Biscayne, four bedrooms. Ref ${counter}-${randomBytes(4).toString('hex')}`,
    location: 'miami',
    budget: '3m-10m',
    phase: 'pre-planning',
    ...overrides,
  };
}

/** application/x-www-form-urlencoded, an array as the same field repeated. */
export function formEncode(body: Body): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) form.append(key, String(item));
  }
  return form.toString();
}

export interface PostOptions {
  type?: MediaType;
  headers?: Record<string, string>;
  /** When given, the response is held to the service's /openapi.json (on a clone: the caller still reads the body). */
  contract?: OpenApiContract;
}

export async function postInquiry(baseUrl: string, path: string, body: Body | string, options: PostOptions = {}): Promise<Response> {
  const type = options.type ?? 'json';
  const payload = typeof body === 'string' ? body : type === 'json' ? JSON.stringify(body) : formEncode(body);
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': type === 'json' ? 'application/json' : 'application/x-www-form-urlencoded', ...options.headers },
    body: payload,
    // A test must fail, not hang, if the server never answers.
    signal: AbortSignal.timeout(20_000),
  });
  await options.contract?.check('POST', baseUrl + path, response.clone());
  return response;
}

export interface ErrorJson { ok: false; error: string; code: string; hint: string }

export function openStore(databaseUrl: string): Db {
  return openDatabase(databaseUrl, silentLogger);
}

export async function countInquiries(db: Db): Promise<number> {
  const row = await db.kysely.selectFrom('inquiries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Polls until `check` returns a value (not undefined) or the attempts run out. Not a timing assertion.
 * A check that throws counts as not yet; the last error is named in the failure, so it is not lost. */
export async function eventually<T>(check: () => Promise<T | undefined>, attempts = 200, delayMs = 100): Promise<T> {
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  const detail = lastError === undefined ? '' : `; last error: ${lastError instanceof Error ? lastError.stack ?? lastError.message : String(lastError)}`;
  throw new Error(`condition not reached after ${attempts} attempts${detail}`);
}

/**
 * Runs `commits` so that they reach their writes to `table` together. On PostgreSQL a second connection
 * holds an EXCLUSIVE lock on the table (reads pass, writes wait) until `count` writers are queued behind
 * it, then lets them go at once. SQLite runs one write transaction at a time anyway.
 */
export async function racingOn<T>(db: Db, table: string, count: number, commits: () => Promise<T>): Promise<T> {
  if (db.dialect === 'sqlite') return commits();
  return db.kysely.connection().execute(async (gate) => {
    await sql`begin`.execute(gate);
    await sql`lock table ${sql.table(table)} in exclusive mode`.execute(gate);
    const running = commits();
    try {
      await eventually(async () => {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_locks where relation = ${table}::regclass and not granted`.execute(db.kysely);
        return waiting.rows[0]!.n >= count || undefined;
      });
    } finally {
      await sql`commit`.execute(gate);
    }
    return running;
  });
}
