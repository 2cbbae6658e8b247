import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import pino from 'pino';
import { Server } from '@modelcontextprotocol/server';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import type { InquiryService, SubmissionContext } from '../../src/inquiries/inquiry-service.js';
import type { McpCaller as Caller } from '../../src/mcp/call-context.js';
import { PageResources } from '../../src/mcp/page-resources.js';
import { McpServerPool } from '../../src/mcp/server-pool.js';
import { buildToolDefinitions } from '../../src/mcp/tool-definitions.js';
import { Tools } from '../../src/mcp/tools.js';
import { validInquiry } from '../helpers/inquiries.js';
import type { ConsultationsService } from '../../src/consultations/consultations.js';

// The pool between the route and the SDK: the caller reaches the tools as the request's authInfo (the
// SDK's per-request context), never as state of the pooled Server; and a pooled Server is closed a
// macrotask after its answer, outside any request.

class CloseFailure extends Error {}

const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' };
const sdkRequest = () => new Request('http://localhost/mcp', { method: 'POST', headers: HEADERS });

function poolWith(submit: InquiryService['submit'], log = pino({ level: 'silent' })): McpServerPool {
  const definitions = buildToolDefinitions('Test Studio', []);
  const tools = new Tools({ projects: [], services: [], inquiries: { submit }, consultations: {} as ConsultationsService, log });
  const resources = new PageResources({ baseUrl: 'http://localhost', studioName: 'Test Studio', paths: [], twins: () => undefined });
  return new McpServerPool({ info: { name: 'test', version: '1.0.0', description: 'Test', icons: [] }, instructions: '' }, { tools, toolList: { tools: definitions }, resources }, log);
}

describe('McpServerPool per-request context', () => {
  it('hands each concurrent request\'s caller to its own tool calls and reports their outcomes to that request only', async () => {
    const { limit, windowSeconds } = RATE_LIMIT_POLICIES.inquiry;
    const seen: SubmissionContext[] = [];
    const pool = poolWith(async (_input, context) => {
      seen.push(context);
      await nextMacrotask(); // both requests are in their handlers at once
      const remaining = context.ip === '203.0.113.1' ? 4 : 3;
      return { id: 'inq', rateLimit: { allowed: true, limit, remaining, resetSeconds: windowSeconds, windowSeconds } };
    });
    const callers: Caller[] = [
      { ip: '203.0.113.1', userAgent: 'agent-a/1', clientId: 'client-a', scopes: ['mcp'] },
      { ip: '203.0.113.2', userAgent: 'agent-b/1', origin: 'https://www.studio.example' },
    ];
    const call = (caller: Caller, id: number) => pool.handle(sdkRequest(), {
      jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'submit_inquiry', arguments: validInquiry() },
    }, caller);
    const [a, b] = await Promise.all([call(callers[0]!, 1), call(callers[1]!, 2)]);

    assert.deepEqual(seen.map(({ channel, ip, userAgent, origin, clientId }) => ({ channel, ip, userAgent, origin, clientId })).sort((x, y) => x.ip.localeCompare(y.ip)), [
      { channel: 'mcp', ip: '203.0.113.1', userAgent: 'agent-a/1', origin: undefined, clientId: 'client-a' },
      { channel: 'mcp', ip: '203.0.113.2', userAgent: 'agent-b/1', origin: 'https://www.studio.example', clientId: undefined },
    ]);
    assert.deepEqual([a.calls.length, b.calls.length], [1, 1]);
    assert.equal(a.calls[0]!.rateLimit?.remaining, 4);
    assert.equal(b.calls[0]!.rateLimit?.remaining, 3);
    assert.deepEqual(JSON.parse(await a.response.text()).result.structuredContent, { ok: true });
  });

  it('reports no outcome for messages that are not tool calls', async () => {
    const pool = poolWith(async () => { throw new Error('unused'); });
    const answer = await pool.handle(sdkRequest(), { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ip: '127.0.0.1' });
    assert.equal(answer.response.status, 200);
    assert.deepEqual(answer.calls, []);
  });
});

describe('McpServerPool, 2026-07-28', () => {
  it('answers a client\'s mistake (a revision it lacks) without logging it as a failure of the server', async () => {
    const lines: string[] = [];
    const pool = poolWith(async () => { throw new Error('unused'); }, pino({ level: 'warn' }, { write: (line: string) => { lines.push(line); } }));
    const revision = '2099-01-01';
    const request = new Request('http://localhost/mcp', {
      method: 'POST', headers: { ...HEADERS, 'mcp-protocol-version': revision, 'mcp-method': 'tools/list' },
    });
    const body = { jsonrpc: '2.0', id: 9, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} } } };
    const answer = await pool.handle(request, body, { ip: '127.0.0.1' });
    assert.equal(answer.response.status, 400);
    assert.equal((await answer.response.json() as { id: number }).id, 9);
    await nextMacrotask();
    assert.deepEqual(lines, []);
  });
});

describe('McpServerPool release', () => {
  it('logs a failing close by error class, without its message, and keeps serving', async (t) => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => { lines.push(line); } });
    const pool = poolWith(async () => { throw new Error('unused'); }, log);
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    t.after(() => { process.off('unhandledRejection', onRejection); });
    t.mock.method(Server.prototype, 'close', async () => { throw new CloseFailure('person@example.com'); });

    const ping = async () => (await pool.handle(sdkRequest(), { jsonrpc: '2.0', id: 1, method: 'ping' }, { ip: '127.0.0.1' })).response;
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
