import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Browser, Page } from 'playwright-core';
import { UNASKED_FIELDS } from '../../src/contract/inquiry.js';
import type { Db } from '../../src/store/db/database.js';
import { webMcpFacts, webMcpToolNames } from '../../src/web/webmcp-tools.js';
import { ES } from '../../src/words/es.js';
import { chromiumSkip, launchChromium, seriousViolations, watchedPage } from '../helpers/chromium.js';
import { countInquiries, openStore, validInquiry, type Body } from '../helpers/inquiries.js';
import { connect, structured, type Json } from '../helpers/mcp.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The pages' WebMCP tools (src/web/assets/webmcp.js), in Chromium: a stand-in modelContext, put in place
// before the page's scripts run, records what the page registers; the test then calls the tools as an
// agent would. Last, the same through Chromium's own WebMCP, where this Chromium has it.

const OUTPUT = 'test-output';
const FIELDS = ['name', 'email', 'phone', 'message', 'location', 'budget', 'phase'];
/** The tools the pages offer: every operation, book_consultation included (it fills in the booking page's form). */
const PAGE_TOOLS = webMcpToolNames();
/** The booking's arguments a page leaves out: the hold (the visitor is there to say yes) and the inquiry carried over by the pages themselves. */
const NOT_IN_BROWSER = ['hold', 'hold_id', 'inquiry_id'];

type Where = 'document' | 'navigator' | 'provideContext' | 'none';

/** A schema without its words: what must be the same in every language. */
function withoutDescriptions(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'description' ? undefined : value))) as Json;
}


/**
 * The stand-in, as a string (the test's tsconfig has no DOM types). On `document` it answers registerTool
 * with a promise, as the current draft does; on `navigator` with nothing, as earlier drafts did; the
 * third offers only provideContext, the earliest drafts' one call for every tool.
 */
function modelContextStub(where: Where): string {
  if (where === 'none') return '';
  return `(() => {
    const record = window.webmcpRecord = { registered: [], provided: [] };
    const modelContext = ${JSON.stringify(where)} === 'provideContext'
      ? { provideContext(context) { record.provided.push(context); record.registered.push(...context.tools); } }
      : { registerTool(tool) { record.registered.push(tool); return ${where === 'document' ? 'Promise.resolve()' : 'undefined'}; } };
    Object.defineProperty(${where === 'document' ? 'document' : 'navigator'}, 'modelContext', { value: modelContext, configurable: true });
  })();`;
}

/** A registered tool as data: its `execute` reduced to its type. */
type Registered = Json & { name: string; execute: string };

/** The MCP tools of the same server (tools/list), by name: the one source the page's tools derive from. */
type McpTools = Map<string, Json>;

const callTool = (name: string, args: Body, extra = '') =>
  `window.webmcpRecord.registered.find((t) => t.name === ${JSON.stringify(name)}).execute(${JSON.stringify(args)}${extra})`;

async function formValues(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries(await Promise.all(FIELDS.map(async (f) => [f, await page.inputValue(`#f-${f}`)])));
}

/** Whether the call stored in window.pendingCall has answered, after giving it `ms` to do so. */
async function answeredWithin(page: Page, ms: number): Promise<boolean> {
  return page.evaluate(`Promise.race([window.pendingCall.then(() => true), new Promise((r) => setTimeout(() => r(false), ${ms}))])`);
}

describe('WebMCP tools of the pages, in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  let db: Db;
  let mcp: Client;
  let mcpTools: McpTools;
  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    server = await startServer(suite);
    browser = await launchChromium();
    db = openStore(server.config.databaseUrl);
    suite.after(() => db.close());
    mcp = await connect(suite, server.url);
    mcpTools = new Map((await mcp.listTools()).tools.map((tool) => [tool.name, tool as Json]));
  });
  after(async () => { await browser?.close(); });

  /** A page at `path` with the stand-in in place, its POSTs recorded, and its CSP violations and console errors collected. */
  async function open(path: string, where: Where, { bypassCSP = false } = {}) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP });
    if (where !== 'none') await context.addInitScript(modelContextStub(where));
    const { page, problems } = await watchedPage(context);
    const posts: string[] = [];
    const requested: string[] = [];
    page.on('request', (request) => {
      requested.push(new URL(request.url()).pathname);
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    await page.goto(server.url + path);
    return { page, problems, posts, requested, close: () => context.close() };
  }

  async function registered(page: Page, count = PAGE_TOOLS.length): Promise<Registered[]> {
    // A function, not a string: Playwright polls a string predicate through eval, which the page's CSP refuses.
    await page.waitForFunction((n) => ((globalThis as unknown as { webmcpRecord?: { registered: unknown[] } }).webmcpRecord?.registered.length ?? 0) >= n, count);
    return page.evaluate('window.webmcpRecord.registered.map((t) => ({ ...t, execute: typeof t.execute }))');
  }

  async function apiBody(path: string): Promise<Json> {
    return (await fetch(server.url + path)).json() as Promise<Json>;
  }

  it('registers the page tools on document.modelContext, named and described as the MCP tools, their schemas derived from them', async () => {
    const { page, problems, close } = await open('/', 'document');
    const tools = new Map((await registered(page)).map((tool) => [tool.name, tool]));
    assert.deepEqual([...tools.keys()].sort(), [...mcpTools.keys()].sort(), 'the MCP tools\' names');
    assert.deepEqual([...tools.keys()].sort(), [...PAGE_TOOLS].sort());
    for (const [name, tool] of tools) {
      const twin = mcpTools.get(name)!;
      assert.equal(tool.execute, 'function', `${name}: executable`);
      assert.equal(tool.title, twin.title, `${name}: title`);
      assert.equal(tool.annotations.readOnlyHint, twin.annotations.readOnlyHint, `${name}: readOnlyHint`);
    }
    const services = tools.get('list_services')!;
    assert.equal(services.description, mcpTools.get('list_services')!.description);
    assert.deepEqual(services.inputSchema, mcpTools.get('list_services')!.inputSchema);

    // The REST list the page reads filters by region and work itself; the location text the page's script filters: every filter, the MCP tool's own.
    const projects = tools.get('list_projects')!;
    const mcpProjects = mcpTools.get('list_projects')!;
    assert.deepEqual(Object.keys(projects.inputSchema.properties), ['region', 'location', 'work']);
    assert.deepEqual(projects.inputSchema.properties, mcpProjects.inputSchema.properties);
    assert.equal(projects.description, mcpProjects.description);

    // The Inquiry's fields, required set and rules as the MCP tool has them, without the MCP call's idempotency_key
    // and the fields nobody is asked (the language: the page's form sends its own).
    const inquiry = tools.get('submit_inquiry')!;
    const { idempotency_key: _key, ...inquiryFields } = mcpTools.get('submit_inquiry')!.inputSchema.properties as Json;
    for (const name of UNASKED_FIELDS) delete inquiryFields[name];
    assert.ok(UNASKED_FIELDS.every((name) => name in (mcpTools.get('submit_inquiry')!.inputSchema.properties as Json)), 'MCP callers may send them');
    assert.deepEqual(inquiry.inputSchema.properties, inquiryFields);
    assert.deepEqual(inquiry.inputSchema.required, mcpTools.get('submit_inquiry')!.inputSchema.required);
    assert.match(inquiry.description, /never sends anything itself/);

    // The booking's fields as the MCP tool has them, without the hold and the inquiry's id.
    const booking = tools.get('book_consultation')!;
    const bookingFields = { ...mcpTools.get('book_consultation')!.inputSchema.properties as Json };
    for (const name of NOT_IN_BROWSER) delete bookingFields[name];
    assert.deepEqual(booking.inputSchema.properties, bookingFields);
    assert.deepEqual(booking.inputSchema.required, ['type']);
    assert.match(booking.description, /never books anything itself/);
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('list_consultation_slots answers what GET /api/v1/consultations answers, and a type\'s free slots as the MCP tool does', async () => {
    const { page, problems, close } = await open('/', 'document');
    await registered(page);
    const types = await page.evaluate(callTool('list_consultation_slots', {})) as Json;
    assert.equal(types.isError, undefined);
    assert.deepEqual(types.structuredContent, await apiBody('/api/v1/consultations'));
    const type = types.structuredContent.consultations[0].slug as string;
    // A week two weeks ahead, so the notice does not move the first slot between the two reads.
    const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const week = { type, from: day(14), to: day(20) };
    const slots = await page.evaluate(callTool('list_consultation_slots', week)) as Json;
    assert.deepEqual(slots.structuredContent, structured(await mcp.callTool({ name: 'list_consultation_slots', arguments: week })));
    assert.ok(slots.structuredContent.slots.length > 0);
    const unknown = await page.evaluate(callTool('list_consultation_slots', { type: 'no-such-type' })) as Json;
    assert.equal(unknown.isError, true);
    assert.equal(unknown.structuredContent.code, 'not_found');
    // The browser logs every answer of 404 itself: the refused read is the only problem.
    const logged = await problems();
    assert.equal(logged.length, 1, logged.join('\n'));
    assert.match(logged[0]!, /404 .*\/api\/v1\/consultations\/no-such-type\/slots/);
    await close();
  });

  it('list_projects and list_services answer what GET /api/v1 answers; list_projects filters by location, region and work as the MCP tool does', async () => {
    const { page, problems, close } = await open('/services', 'document');
    await registered(page);
    const all = await page.evaluate(callTool('list_projects', {})) as Json;
    assert.equal(all.isError, undefined);
    assert.deepEqual(all.structuredContent, await apiBody('/api/v1/projects'));
    assert.deepEqual(JSON.parse(all.content[0].text), all.structuredContent, 'the same JSON as text, for the model');

    // A state some projects are in, in capitals: the filter ignores case.
    const state = String(all.structuredContent.projects[0].location).split(',').at(-1)!.trim().toUpperCase();
    const some = await page.evaluate(callTool('list_projects', { location: state })) as Json;
    const viaMcp = structured(await mcp.callTool({ name: 'list_projects', arguments: { location: state } }));
    assert.deepEqual(some.structuredContent, viaMcp, `location "${state}": the same projects as the MCP tool`);
    assert.ok(viaMcp.projects.length > 0 && viaMcp.projects.length < all.structuredContent.projects.length, 'the filter keeps some, not all');
    // Region and work are the REST list's query; with the location text, all three at once.
    const filters = { region: 'hamptons', work: 'renovation', location: 'new york' };
    const narrowed = await page.evaluate(callTool('list_projects', filters)) as Json;
    const narrowedViaMcp = structured(await mcp.callTool({ name: 'list_projects', arguments: filters }));
    assert.deepEqual(narrowed.structuredContent, narrowedViaMcp);
    assert.ok(narrowedViaMcp.projects.length > 0 && narrowedViaMcp.projects.every((p: Json) => p.region === 'hamptons' && p.work.includes('renovation')));

    const services = await page.evaluate(callTool('list_services', {})) as Json;
    assert.deepEqual(services.structuredContent, await apiBody('/api/v1/services'));
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('submit_inquiry fills in the visible form and sends nothing until the visitor presses the form\'s send button', async () => {
    const { page, problems, posts, close } = await open('/contact', 'document');
    await registered(page);
    const before = await countInquiries(db);
    const inquiry = validInquiry();
    await page.evaluate(`window.pendingCall = ${callTool('submit_inquiry', inquiry)}; 0`);
    await page.locator('.assistant-note').waitFor();
    assert.deepEqual(await formValues(page), Object.fromEntries(FIELDS.map((f) => [f, String(inquiry[f])])), 'every field filled in');
    assert.equal(await page.evaluate('document.activeElement.className'), 'assistant-note', 'the note has the focus');
    assert.equal(await page.locator('.assistant-note').textContent(), 'Your assistant filled in this form. Check every field, then send it: nothing is sent until you do.Clear the form');

    assert.equal(await answeredWithin(page, 1500), false, 'the call waits for the visitor');
    assert.deepEqual(posts, [], 'nothing was posted');
    assert.equal(await countInquiries(db), before, 'nothing was stored');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('.inquiry-form').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${OUTPUT}/webmcp-contact-${width}.png`, fullPage: true });
    }

    await page.click('button[type="submit"]');
    const answer = await page.evaluate('window.pendingCall') as Json;
    assert.deepEqual(answer.structuredContent, { ok: true });
    assert.equal(answer.isError, undefined);
    assert.deepEqual(posts, ['/contact'], 'one POST, by the form\'s own script');
    assert.equal(await countInquiries(db), before + 1);
    const row = await db.kysely.selectFrom('inquiries').selectAll().where('message', '=', String(inquiry.message)).executeTakeFirstOrThrow();
    assert.equal(row.email, inquiry.email);
    assert.equal(await page.locator('.thanks').count(), 1, 'the visitor sees the thank-you');
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('the filled-in form with its note passes axe-core at 1280 and 390 px', async () => {
    // bypassCSP: axe-core comes as a script, which the pages' policy (rightly) refuses.
    const { page, close } = await open('/contact', 'document', { bypassCSP: true });
    await registered(page);
    await page.evaluate(`window.pendingCall = ${callTool('submit_inquiry', validInquiry())}; 0`);
    await page.locator('.assistant-note').waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      assert.deepEqual(await seriousViolations(page), [], `${width} px`);
      assert.equal(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'), 0, `${width} px: no sideways scrolling`);
    }
    await close();
  });

  it('the visitor may clear the form instead: the call answers not_sent, and nothing is sent', async () => {
    const { page, problems, posts, close } = await open('/contact', 'document');
    await registered(page);
    const before = await countInquiries(db);
    await page.evaluate(`window.pendingCall = ${callTool('submit_inquiry', validInquiry())}; 0`);
    await page.click('.assistant-note button');
    const answer = await page.evaluate('window.pendingCall') as Json;
    assert.equal(answer.isError, true);
    assert.equal(answer.structuredContent.code, 'not_sent');
    assert.deepEqual(Object.values(await formValues(page)), FIELDS.map(() => ''), 'the form is empty again');
    assert.equal(await page.locator('.assistant-note').count(), 0);
    assert.deepEqual(posts, []);
    assert.equal(await countInquiries(db), before);
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('names at once each value that does not fit the form, and a later call answers the earlier one', async () => {
    const { page, problems, posts, close } = await open('/contact', 'document');
    await registered(page);
    await page.evaluate(`window.pendingCall = ${callTool('submit_inquiry', validInquiry())}; 0`);
    const refused = await page.evaluate(callTool('submit_inquiry', validInquiry({ name: 'J', email: 'not-an-email', location: 'mars' }))) as Json;
    assert.equal(refused.isError, true);
    assert.equal(refused.structuredContent.code, 'invalid_field');
    assert.deepEqual(Object.keys(refused.structuredContent.fields).sort(), ['email', 'location', 'name']);
    const earlier = await page.evaluate('window.pendingCall') as Json;
    assert.equal(earlier.structuredContent.code, 'not_sent', 'the earlier call is answered, not left waiting');
    assert.deepEqual(posts, []);
    assert.deepEqual(await problems(), []);
    await close();
  });

  // --- book_consultation: the booking page's form -----------------------------------------------

  /** A day `ahead` days from now (YYYY-MM-DD), far enough that the notice moves no slot between two reads. */
  const dayAhead = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  const PAGE_FROM = dayAhead(14);

  /** The first free type and start from `from` on, as the API lists them (the page shows the same). */
  async function freeStart(from: string): Promise<{ type: string; start: string }> {
    const type = (await apiBody('/api/v1/consultations')).consultations[0].slug as string;
    const slots = await apiBody(`/api/v1/consultations/${type}/slots?from=${from}`);
    return { type, start: slots.slots[0].start as string };
  }

  const visitorDetails = (email: string) => ({ name: 'Ada Lovelace', email, phone: '+1 305 555 0100', message: 'The kitchen and the back porch.' });

  it('book_consultation picks the start among the page\'s times, fills in the details, and books only when the visitor presses the form\'s button', async () => {
    const { type, start } = await freeStart(PAGE_FROM);
    const { page, problems, posts, close } = await open(`/consultations?type=${type}&from=${PAGE_FROM}`, 'document');
    await registered(page);
    const email = `webmcp-${Date.now()}@example.com`;
    // The start with another offset names the same instant: the page's radio button is picked all the same.
    const utcStart = new Date(start).toISOString();
    await page.evaluate(`window.pendingCall = ${callTool('book_consultation', { type, start: utcStart, ...visitorDetails(email) })}; 0`);
    await page.locator('form.booking-form .assistant-note').waitFor();
    assert.equal(await page.locator(`input[name="start"][value="${start}"]`).isChecked(), true, 'the start is picked');
    for (const field of ['name', 'email', 'phone', 'message'] as const) assert.equal(await page.inputValue(`#b-${field}`), visitorDetails(email)[field], field);
    assert.equal(await answeredWithin(page, 1000), false, 'the call waits for the visitor');
    assert.deepEqual(posts, [], 'nothing was posted');
    mkdirSync('/tmp/shots', { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('form.booking-form').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/webmcp-booking-${width}.png` });
      assert.equal(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'), 0, `${width} px: no sideways scrolling`);
    }

    // The answer crosses the page's move to the booking's own page through a function of the test's.
    let report!: (value: Json) => void;
    const reported = new Promise<Json>((resolve) => { report = resolve; });
    await page.exposeFunction('reportAnswer', (value: Json) => report(value));
    await page.evaluate('window.pendingCall.then((v) => window.reportAnswer(v)); 0');
    await page.click('form.booking-form button[type="submit"]');
    const answer = await reported;
    assert.equal(answer.isError, undefined, JSON.stringify(answer));
    assert.equal(answer.structuredContent.ok, true);
    assert.equal(answer.structuredContent.status, 'booked');
    assert.equal(answer.structuredContent.start, start);
    const manage = answer.structuredContent.manage_url as string;
    await page.waitForURL(manage);
    assert.deepEqual(posts, ['/consultations'], 'one POST, of the visitor\'s press');
    const row = await db.kysely.selectFrom('bookings').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    assert.equal(row.status, 'booked');
    assert.equal(row.channel, 'web', 'booked through the booking page, as the form without script books');
    assert.equal(row.id, answer.structuredContent.id);
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('book_consultation fills in nothing for a start or type the page does not show, and names the page that shows it', async () => {
    const { type, start } = await freeStart(PAGE_FROM);
    const later = await freeStart(dayAhead(42));
    const { page, problems, posts, close } = await open(`/consultations?type=${type}&from=${PAGE_FROM}`, 'document');
    await registered(page);
    const elsewhere = await page.evaluate(callTool('book_consultation', { ...later, ...visitorDetails('ada@example.com') })) as Json;
    assert.equal(elsewhere.isError, true);
    assert.equal(elsewhere.structuredContent.code, 'not_on_page');
    assert.equal(elsewhere.structuredContent.field, 'start');
    assert.equal(elsewhere.structuredContent.url, `${server.url}/consultations?type=${later.type}&from=${later.start.slice(0, 10)}`);
    const otherType = await page.evaluate(callTool('book_consultation', { type: 'no-such-type', start, ...visitorDetails('ada@example.com') })) as Json;
    assert.equal(otherType.structuredContent.code, 'not_on_page');
    assert.equal(otherType.structuredContent.field, 'type');
    assert.equal(await page.locator('.assistant-note').count(), 0, 'nothing filled in');
    assert.equal(await page.inputValue('#b-name'), '');
    // The URL named leads to a page whose form offers that start.
    await page.goto(elsewhere.structuredContent.url);
    await registered(page);
    assert.equal(await page.locator(`input[name="start"][value="${later.start}"]`).count(), 1, 'the page named shows the start');

    const refused = await page.evaluate(callTool('book_consultation', { ...later, name: 'Ada Lovelace', email: 'not-an-email' })) as Json;
    assert.equal(refused.structuredContent.code, 'invalid_field');
    assert.deepEqual(Object.keys(refused.structuredContent.fields), ['email']);
    await page.evaluate(`window.pendingCall = ${callTool('book_consultation', { ...later, ...visitorDetails('ada@example.com') })}; 0`);
    await page.click('.assistant-note button');
    const cleared = await page.evaluate('window.pendingCall') as Json;
    assert.equal(cleared.structuredContent.code, 'not_sent');
    assert.equal(await page.inputValue('#b-name'), '', 'the form is empty again');
    assert.equal(page.url(), elsewhere.structuredContent.url, 'the page never moved by itself');
    assert.deepEqual(posts, []);
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('book_consultation on another page fills in nothing and names the booking page, with the type and week', async () => {
    const { type, start } = await freeStart(PAGE_FROM);
    const { page, problems, posts, close } = await open('/contact', 'document');
    await registered(page);
    const answer = await page.evaluate(callTool('book_consultation', { type, start, ...visitorDetails('ada@example.com') })) as Json;
    assert.equal(answer.structuredContent.code, 'form_not_on_page');
    assert.equal(answer.structuredContent.url, `${server.url}/consultations?type=${type}&from=${start.slice(0, 10)}`);
    assert.deepEqual(await formValues(page), Object.fromEntries(FIELDS.map((f) => [f, ''])), 'the contact form is left alone');
    assert.deepEqual(posts, []);
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('the booking form filled in by the assistant passes axe-core at 1280 and 390 px', async () => {
    const { type, start } = await freeStart(PAGE_FROM);
    const { page, close } = await open(`/consultations?type=${type}&from=${PAGE_FROM}`, 'document', { bypassCSP: true });
    await registered(page);
    await page.evaluate(`window.pendingCall = ${callTool('book_consultation', { type, start, ...visitorDetails('ada@example.com') })}; 0`);
    await page.locator('.assistant-note').waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      assert.deepEqual(await seriousViolations(page), [], `${width} px`);
    }
    await close();
  });

  it('the Spanish pages register the same tools from the Spanish document: Spanish words, the same names and schemas, the Spanish forms', async () => {
    const english = await open('/', 'document');
    const enTools = new Map((await registered(english.page)).map((tool) => [tool.name, tool]));
    await english.close();
    const { type, start } = await freeStart(PAGE_FROM);
    const { page, problems, posts, requested, close } = await open(`/es/consultations?type=${type}&from=${PAGE_FROM}`, 'document');
    const esTools = await registered(page);
    assert.ok(requested.includes('/assets/webmcp-tools.es.json'), 'the page\'s script reads the Spanish document');
    assert.ok(!requested.includes('/assets/webmcp-tools.json'), 'and not the English one');
    assert.deepEqual(esTools.map((tool) => tool.name), [...enTools.keys()], 'the same tools, in the same order');
    for (const tool of esTools) {
      const en = enTools.get(tool.name)!;
      const words = ES.webmcp!.tools[tool.name]!;
      assert.notEqual(tool.description, en.description, `${tool.name}: described in Spanish`);
      assert.match(tool.description, /^(Lista|Completa) /, `${tool.name}: in Spanish`);
      assert.notEqual(tool.title, en.title, `${tool.name}: titled in Spanish`);
      assert.deepEqual(withoutDescriptions(tool.inputSchema), withoutDescriptions(en.inputSchema), `${tool.name}: the same schema`);
      for (const [name, schema] of Object.entries(tool.inputSchema.properties as Record<string, Json>)) {
        assert.equal(schema.description, words.arguments(webMcpFacts('', 'es'))[name], `${tool.name}.${name}`);
        assert.notEqual(schema.description, (en.inputSchema.properties as Record<string, Json>)[name]!.description, `${tool.name}.${name}: in Spanish`);
      }
    }
    assert.match(esTools.find((tool) => tool.name === 'book_consultation')!.description, /la página \/es\/consultations de este sitio/);
    // On the Spanish booking page the tool fills in the Spanish form, and books when the visitor presses its button.
    const email = `webmcp-es-${Date.now()}@example.com`;
    await page.evaluate(`window.pendingCall = ${callTool('book_consultation', { type, start, ...visitorDetails(email) })}; 0`);
    await page.locator('form.booking-form .assistant-note').waitFor();
    assert.equal(await page.locator('form.booking-form .assistant-note').textContent(),
      'Su asistente llenó este formulario. Revise cada campo y luego envíelo: no se envía nada hasta que usted lo haga.Borrar el formulario', 'the note speaks the page\'s language');
    assert.equal(await page.locator(`input[name="start"][value="${start}"]`).isChecked(), true, 'the start is picked');
    await page.click('form.booking-form button[type="submit"]');
    await page.waitForURL(/\/es\/consultations\/manage\//);
    assert.deepEqual(posts, ['/es/consultations'], 'the Spanish page\'s form posted, once');
    assert.equal(await page.getAttribute('html', 'lang'), 'es', 'the booking\'s own page, in Spanish');
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('on another page submit_inquiry fills in nothing and names the contact page to open', async () => {
    const { page, problems, posts, close } = await open('/projects', 'document');
    await registered(page);
    const answer = await page.evaluate(callTool('submit_inquiry', validInquiry())) as Json;
    assert.equal(answer.isError, true);
    assert.equal(answer.structuredContent.code, 'form_not_on_page');
    assert.equal(answer.structuredContent.url, `${server.url}/contact`);
    assert.equal(page.url(), `${server.url}/projects`, 'the visitor stays where they are');
    assert.deepEqual(posts, []);
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('falls back to navigator.modelContext, and waits through requestUserInteraction when the agent offers it', async () => {
    const { page, problems, posts, close } = await open('/contact', 'navigator');
    assert.deepEqual((await registered(page)).map((t) => t.name).sort(), [...PAGE_TOOLS].sort());
    const services = await page.evaluate(callTool('list_services', {})) as Json;
    assert.deepEqual(services.structuredContent, await apiBody('/api/v1/services'));

    const client = ', { requestUserInteraction(callback) { window.interactions = (window.interactions || 0) + 1; return callback(); } }';
    await page.evaluate(`window.pendingCall = ${callTool('submit_inquiry', validInquiry(), client)}; 0`);
    await page.locator('.assistant-note').waitFor();
    assert.equal(await page.evaluate('window.interactions'), 1, 'the wait for the person went through requestUserInteraction');
    await page.click('.assistant-note button');
    assert.equal((await page.evaluate('window.pendingCall') as Json).structuredContent.code, 'not_sent');
    assert.deepEqual(posts, []);
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('uses provideContext, once, for the page tools when the browser has only that', async () => {
    const { page, problems, close } = await open('/', 'provideContext');
    await registered(page);
    assert.equal(await page.evaluate('window.webmcpRecord.provided.length'), 1);
    const projects = await page.evaluate(callTool('list_projects', {})) as Json;
    assert.deepEqual(projects.structuredContent, await apiBody('/api/v1/projects'));
    assert.deepEqual(await problems(), []);
    await close();
  });

  it('without WebMCP the script does nothing: no tool document asked for, no console error, the form as before', async () => {
    const { page, problems, requested, close } = await open('/contact', 'none');
    for (const path of ['/', '/projects']) await page.goto(server.url + path);
    await page.goto(`${server.url}/contact`);
    assert.ok(requested.includes('/assets/webmcp.js'), 'the script loads');
    assert.ok(!requested.includes('/assets/webmcp-tools.json'), 'and asks for nothing more');
    assert.equal(await page.evaluate('document.querySelector("form.inquiry-form").noValidate'), true, 'contact.js still runs');
    assert.equal(await page.locator('.assistant-note').count(), 0);
    assert.deepEqual(await problems(), []);
    await close();
  });
});

// Chromium's own implementation (behind the WebMCP feature in this Chromium): getTools() lists what the
// page registered, executeTool() runs a tool and answers the JSON of its result.
describe('WebMCP tools through Chromium\'s own WebMCP', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  let native: false | string = false;
  before(async () => {
    server = await startServer(suite);
    browser = await launchChromium(['--enable-features=WebMCP']);
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    native = await page.evaluate('"modelContext" in document && typeof document.modelContext.getTools === "function"')
      ? false : 'this Chromium has no document.modelContext.getTools with --enable-features=WebMCP';
    await page.close();
  });
  after(async () => {
    await browser?.close();
  });

  it('lists the page tools, runs list_projects, and submit_inquiry answers only after the visitor sent the form', async (t) => {
    if (native) {
      t.skip(native);
      return;
    }
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/contact`);
    await page.waitForFunction((n) => (globalThis as unknown as { document: { modelContext: { getTools(): Promise<unknown[]> } } }).document.modelContext.getTools().then((tools) => tools.length === n), PAGE_TOOLS.length);
    const tools = await page.evaluate('document.modelContext.getTools().then((tools) => tools.map((t) => ({ name: t.name, readOnly: t.annotations?.readOnlyHint ?? false, properties: Object.keys(t.inputSchema.properties) })))') as Json[];
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [...PAGE_TOOLS].sort());
    assert.deepEqual(tools.find((tool) => tool.name === 'submit_inquiry')!.properties, FIELDS);

    const run = (name: string, args: Body) =>
      `document.modelContext.getTools().then((tools) => document.modelContext.executeTool(tools.find((t) => t.name === ${JSON.stringify(name)}), ${JSON.stringify(args)}))`;
    const projects = JSON.parse(await page.evaluate(run('list_projects', {})) as string) as Json;
    assert.deepEqual(projects.structuredContent, await (await fetch(`${server.url}/api/v1/projects`)).json());

    const posts: string[] = [];
    page.on('request', (request) => { if (request.method() === 'POST') posts.push(new URL(request.url()).pathname); });
    const inquiry = validInquiry();
    await page.evaluate(`window.pendingCall = ${run('submit_inquiry', inquiry)}; 0`);
    await page.locator('.assistant-note').waitFor();
    assert.equal(await page.inputValue('#f-message'), inquiry.message);
    assert.equal(await answeredWithin(page, 1000), false, 'the call waits for the visitor');
    assert.deepEqual(posts, []);
    await page.click('button[type="submit"]');
    assert.deepEqual(JSON.parse(await page.evaluate('window.pendingCall') as string).structuredContent, { ok: true });
    assert.deepEqual(posts, ['/contact']);
    assert.deepEqual(await problems(), []);
    await context.close();
  });
});
