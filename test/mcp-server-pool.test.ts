import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServerPool } from '../src/mcp/server-pool.js';
import { buildToolDefinitions } from '../src/mcp/tool-definitions.js';
import { Tools } from '../src/mcp/tools.js';

// A pooled Server is closed a macrotask after its answer, outside any request: a failing close must be
// logged (its class only) and the Server dropped, never an unhandled rejection.

class CloseFailure extends Error {}

describe('McpServerPool release', () => {
  it('logs a failing close by error class, without its message, and keeps serving', async (t) => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => { lines.push(line); } }) as FastifyBaseLogger;
    const definitions = buildToolDefinitions('Test Studio');
    const tools = new Tools({ definitions, projects: [], services: [], inquiries: { submit: async () => { throw new Error('unused'); } }, log });
    const pool = new McpServerPool({ info: { name: 'test', version: '1.0.0' }, instructions: '' }, tools, definitions, log);
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    t.after(() => { process.off('unhandledRejection', onRejection); });
    t.mock.method(Server.prototype, 'close', async () => { throw new CloseFailure('person@example.com'); });

    const ping = () => pool.handle(new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' },
    }), { jsonrpc: '2.0', id: 1, method: 'ping' }, { ip: '127.0.0.1', headers: {} });
    assert.equal((await ping()).status, 200);
    await nextMacrotask();
    await nextMacrotask();

    assert.deepEqual(rejections, []);
    assert.equal(lines.length, 1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.equal(entry.errorClass, 'CloseFailure');
    assert.doesNotMatch(lines[0]!, /person@example\.com/);
    assert.equal((await ping()).status, 200, 'a new Server answers the next request');
  });
});
