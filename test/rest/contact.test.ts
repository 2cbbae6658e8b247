import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEPRECATION_POLICY } from '../../src/contract/api.js';
import { BUDGETS, INQUIRY_LIMITS, LOCATIONS, PHASES } from '../../src/contract/inquiry.js';
import { LOCALES } from '../../src/contract/locales.js';
import { OpenApiContract } from '../helpers/openapi.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { countInquiries, openStore, postInquiry, validInquiry, type Body, type ErrorJson, type MediaType } from '../helpers/inquiries.js';
import type { Db } from '../../src/store/db/database.js';

const ROUTES = ['/api/v1/contact', '/api/contact'] as const;
const MEDIA: MediaType[] = ['json', 'form'];
const EXTRA_ORIGIN = 'https://partner.example';

interface Case { what: string; patch: Body; field?: string; code?: 'missing_field' | 'invalid_field'; jsonOnly?: boolean }

const at = (n: number, char = 'a') => char.repeat(n);
const emailOf = (length: number) => `${at(length - '@example.com'.length)}@example.com`;
const L = INQUIRY_LIMITS;

/** Every boundary of every field: just inside (accepted) and just outside (refused, naming the field). */
const CASES: Case[] = [
  { what: 'name at its minimum', patch: { name: at(L.name.minLength) } },
  { what: 'name below its minimum', patch: { name: at(L.name.minLength - 1) }, field: 'name', code: 'invalid_field' },
  { what: 'name at its maximum', patch: { name: at(L.name.maxLength) } },
  { what: 'name above its maximum', patch: { name: at(L.name.maxLength + 1) }, field: 'name', code: 'invalid_field' },
  { what: 'name padded to length by spaces (trimmed first)', patch: { name: `  ${at(L.name.minLength - 1)}  ` }, field: 'name', code: 'invalid_field' },
  { what: 'name at its maximum once trimmed', patch: { name: ` ${at(L.name.maxLength)} ` } },
  { what: 'name with CR LF', patch: { name: 'Ada\r\nBcc: evil@example.com' }, field: 'name', code: 'invalid_field' },
  { what: 'name with a tab', patch: { name: 'Ada\tLovelace' }, field: 'name', code: 'invalid_field' },
  { what: 'name missing', patch: { name: undefined }, field: 'name', code: 'missing_field' },
  { what: 'email at its maximum', patch: { email: emailOf(L.email.maxLength) } },
  { what: 'email above its maximum', patch: { email: emailOf(L.email.maxLength + 1) }, field: 'email', code: 'invalid_field' },
  { what: 'email without @', patch: { email: 'ada.example.com' }, field: 'email', code: 'invalid_field' },
  { what: 'email with a newline', patch: { email: 'ada@example.com\nBcc: x@example.com' }, field: 'email', code: 'invalid_field' },
  { what: 'email missing', patch: { email: undefined }, field: 'email', code: 'missing_field' },
  { what: 'phone at its maximum', patch: { phone: at(L.phone.maxLength, '1') } },
  { what: 'phone above its maximum', patch: { phone: at(L.phone.maxLength + 1, '1') }, field: 'phone', code: 'invalid_field' },
  { what: 'phone empty (treated as absent)', patch: { phone: '' } },
  { what: 'phone blank (treated as absent)', patch: { phone: '   ' } },
  { what: 'phone absent', patch: { phone: undefined } },
  { what: 'phone with a control character', patch: { phone: '305\u0007555' }, field: 'phone', code: 'invalid_field' },
  { what: 'message at its minimum', patch: { message: at(L.message.minLength) } },
  { what: 'message below its minimum', patch: { message: at(L.message.minLength - 1) }, field: 'message', code: 'invalid_field' },
  { what: 'message at its maximum', patch: { message: at(L.message.maxLength) } },
  { what: 'message above its maximum', patch: { message: at(L.message.maxLength + 1) }, field: 'message', code: 'invalid_field' },
  { what: 'message with newlines and tabs', patch: { message: 'Line one\r\nLine two\n\tindented' } },
  { what: 'message with a NUL', patch: { message: 'Line one\u0000 and more' }, field: 'message', code: 'invalid_field' },
  { what: 'message missing', patch: { message: undefined }, field: 'message', code: 'missing_field' },
  ...LOCATIONS.map((location) => ({ what: `location ${location}`, patch: { location } })),
  ...BUDGETS.map((budget) => ({ what: `budget ${budget}`, patch: { budget } })),
  ...PHASES.map((phase) => ({ what: `phase ${phase}`, patch: { phase } })),
  { what: 'location in another case', patch: { location: 'Miami' }, field: 'location', code: 'invalid_field' },
  { what: 'budget not in the enum', patch: { budget: '10m+' }, field: 'budget', code: 'invalid_field' },
  { what: 'phase not in the enum', patch: { phase: 'built' }, field: 'phase', code: 'invalid_field' },
  { what: 'location missing', patch: { location: undefined }, field: 'location', code: 'missing_field' },
  { what: 'budget missing', patch: { budget: undefined }, field: 'budget', code: 'missing_field' },
  { what: 'phase missing', patch: { phase: undefined }, field: 'phase', code: 'missing_field' },
  { what: 'a field sent twice', patch: { name: ['Ada', 'Bob'] }, field: 'name', code: 'invalid_field' },
  // The language to answer in: optional, one of the site's languages.
  ...LOCALES.map((language) => ({ what: `language ${language}`, patch: { language } })),
  { what: 'language absent', patch: { language: undefined } },
  { what: 'language padded by spaces (trimmed first)', patch: { language: ' es ' } },
  { what: 'language not one of the site\'s', patch: { language: 'fr' }, field: 'language', code: 'invalid_field' },
  { what: 'language as a region tag', patch: { language: 'es-US' }, field: 'language', code: 'invalid_field' },
  { what: 'language in another case', patch: { language: 'ES' }, field: 'language', code: 'invalid_field' },
  { what: 'language empty (only the website\'s form may leave it empty)', patch: { language: '' }, field: 'language', code: 'invalid_field' },
  { what: 'language a number', patch: { language: 1 }, field: 'language', code: 'invalid_field', jsonOnly: true },
  // Wrong JSON types: a number, an object, an array, and null (a required field sent as null is there,
  // but not a string: invalid, not missing).
  ...(['name', 'email', 'message', 'location', 'budget', 'phase'] as const).flatMap((field): Case[] => [
    { what: `${field} a number`, patch: { [field]: 42 }, field, code: 'invalid_field', jsonOnly: true },
    { what: `${field} an object`, patch: { [field]: { value: 'miami' } }, field, code: 'invalid_field', jsonOnly: true },
    { what: `${field} an array`, patch: { [field]: ['miami'] }, field, code: 'invalid_field', jsonOnly: true },
    { what: `${field} null`, patch: { [field]: null }, field, code: 'invalid_field', jsonOnly: true },
  ]),
  { what: 'phone a number', patch: { phone: 3055550100 }, field: 'phone', code: 'invalid_field', jsonOnly: true },
  // "Control characters other than newlines refused in single-line fields": DEL and the C1 controls
  // (U+0085) are control characters; U+2028 is a line separator, so it has no place on one line either.
  // They sit inside the value: trimming must not be what removes them.
  { what: 'name with DEL (U+007F)', patch: { name: 'Ada\u007fLovelace' }, field: 'name', code: 'invalid_field' },
  { what: 'name with NEL (U+0085)', patch: { name: 'Ada\u0085Lovelace' }, field: 'name', code: 'invalid_field' },
  { what: 'name with LINE SEPARATOR (U+2028)', patch: { name: 'Ada\u2028Bcc: evil@example.com' }, field: 'name', code: 'invalid_field' },
  { what: 'phone with DEL (U+007F)', patch: { phone: '305\u007f555' }, field: 'phone', code: 'invalid_field' },
  { what: 'phone with NEL (U+0085)', patch: { phone: '305\u0085555' }, field: 'phone', code: 'invalid_field' },
  { what: 'phone with LINE SEPARATOR (U+2028)', patch: { phone: '305\u2028555' }, field: 'phone', code: 'invalid_field' },
  { what: 'message with DEL (U+007F)', patch: { message: 'Line one\u007f and more' }, field: 'message', code: 'invalid_field' },
  // Lengths count characters (code points), not UTF-16 units: an astral character is one.
  { what: 'name at its maximum in astral characters', patch: { name: at(L.name.maxLength, '\u{1F600}') } },
  { what: 'name above its maximum in astral characters', patch: { name: at(L.name.maxLength + 1, '\u{1F600}') }, field: 'name', code: 'invalid_field' },
  { what: 'unknown extra fields (ignored)', patch: { company: 'ACME', newsletter: 'yes' } },
];

function withPatch(patch: Body): Body {
  const body = validInquiry();
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete body[key];
    else body[key] = value;
  }
  return body;
}

function assertLegacyHeaders(response: Response, server: TestServer): void {
  assert.equal(response.headers.get('deprecation'), `@${Math.floor(server.config.legacyDeprecatedAt.getTime() / 1000)}`);
  assert.equal(response.headers.get('sunset'), server.config.legacySunsetAt.toUTCString());
  const earliestSunset = new Date(server.config.legacyDeprecatedAt);
  earliestSunset.setUTCMonth(earliestSunset.getUTCMonth() + DEPRECATION_POLICY.minimumSupportMonths);
  assert.ok(new Date(response.headers.get('sunset')!).getTime() >= earliestSunset.getTime() - 1000, 'Sunset is at least the policy\'s months away');
  assert.match(response.headers.get('link') ?? '', new RegExp(`<${server.url}/developers#versioning>; rel="deprecation"`));
  assert.match(response.headers.get('link') ?? '', /rel="service-desc"/);
}

function assertNoLegacyHeaders(response: Response): void {
  assert.equal(response.headers.get('deprecation'), null);
  assert.equal(response.headers.get('sunset'), null);
  assert.doesNotMatch(response.headers.get('link') ?? '', /rel="deprecation"/);
}

describe('inquiry contact routes over HTTP', () => {
  const suite = suiteScope();
  let server: TestServer;
  let db: Db;
  // Every response of the contact routes is held to the service's own /openapi.json.
  let contract: OpenApiContract;
  before(async () => {
    server = await startServer(suite, { RATE_LIMIT_SCALE: '10000', ALLOWED_ORIGINS: EXTRA_ORIGIN });
    db = openStore(server.config.databaseUrl);
    suite.after(() => db.close());
    contract = await OpenApiContract.fetch(server.url);
  });

  for (const route of ROUTES) {
    for (const type of MEDIA) {
      describe(`${route} as ${type}`, () => {
        for (const c of CASES) {
          if (c.jsonOnly && type === 'form') continue;
          it(`${c.code ? 'refuses' : 'accepts'} ${c.what}`, async () => {
            const response = await postInquiry(server.url, route, withPatch(c.patch), { type, contract });
            const body = await response.json() as ErrorJson | { ok: true };
            if (route === '/api/contact') assertLegacyHeaders(response, server);
            else assertNoLegacyHeaders(response);
            assert.ok(response.headers.get('ratelimit-limit'), 'RateLimit-Limit is sent');
            if (!c.code) {
              assert.equal(response.status, 200, JSON.stringify(body));
              assert.deepEqual(body, { ok: true });
              return;
            }
            assert.equal(response.status, 400);
            const error = body as ErrorJson;
            assert.equal(error.ok, false);
            assert.equal(error.code, c.code);
            assert.match(error.error, new RegExp(`"${c.field}"`));
            assert.ok(error.hint.length > 0);
          });
        }
      });
    }
  }

  it('stores the trimmed values and treats an empty phone as absent', async () => {
    const body = validInquiry({ name: '  Grace Hopper  ', phone: '  ' });
    const response = await postInquiry(server.url, '/api/v1/contact', body, { type: 'form', headers: { 'user-agent': 'test-agent/1' }, contract });
    assert.equal(response.status, 200);
    const row = await db.kysely.selectFrom('inquiries').selectAll().where('message', '=', String(body.message)).executeTakeFirstOrThrow();
    assert.equal(row.name, 'Grace Hopper');
    assert.equal(row.phone, null);
    assert.equal(row.language, 'en', 'no language said: English');
    assert.equal(row.user_agent, 'test-agent/1');
    assert.equal(row.channel, 'api');
    assert.equal(row.spam, 0);
    assert.match(row.client_ip, /127\.0\.0\.1/);
    assert.match(row.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(Math.abs(row.received_at - Date.now()) < 60_000);
  });

  it('stores the language the inquiry says, trimmed', async () => {
    const body = validInquiry({ language: ' es ' });
    const response = await postInquiry(server.url, '/api/v1/contact', body, { contract });
    assert.equal(response.status, 200);
    const row = await db.kysely.selectFrom('inquiries').select('language').where('message', '=', String(body.message)).executeTakeFirstOrThrow();
    assert.equal(row.language, 'es');
  });

  it('refuses a body that is not an object, or not JSON', async () => {
    for (const route of ROUTES) {
      for (const payload of ['[1,2]', '"text"', '{not json']) {
        const response = await postInquiry(server.url, route, payload, { contract });
        assert.equal(response.status, 400);
        assert.equal((await response.json() as ErrorJson).code, 'invalid_body');
        if (route === '/api/contact') assertLegacyHeaders(response, server);
      }
      const wrongType = await fetch(server.url + route, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
      await contract.check('POST', server.url + route, wrongType.clone());
      assert.equal(wrongType.status, 415);
      if (route === '/api/contact') assertLegacyHeaders(wrongType, server);
    }
  });

  describe('origin check', () => {
    for (const route of ROUTES) {
      it(`${route}: no Origin, the BASE_URL origin and ALLOWED_ORIGINS are accepted`, async () => {
        for (const origin of [undefined, server.url, EXTRA_ORIGIN]) {
          const response = await postInquiry(server.url, route, validInquiry(), { headers: origin ? { origin } : {}, contract });
          assert.equal(response.status, 200, `origin ${origin}`);
          if (origin) assert.equal(response.headers.get('access-control-allow-origin'), origin);
        }
      });

      it(`${route}: another Origin, and Origin: null, are 403 and store nothing`, async () => {
        for (const origin of ['https://evil.example', 'null', `${server.url}.evil.example`]) {
          const before = await countInquiries(db);
          const response = await postInquiry(server.url, route, validInquiry(), { headers: { origin }, contract });
          assert.equal(response.status, 403, `origin ${origin}`);
          const body = await response.json() as ErrorJson;
          assert.equal(body.code, 'origin_not_allowed');
          assert.equal(body.ok, false);
          assert.equal(await countInquiries(db), before);
          if (route === '/api/contact') assertLegacyHeaders(response, server);
        }
      });

      it(`${route}: a foreign Origin is 403 whatever the body, after a wrong media type's 415`, async () => {
        const origin = 'https://evil.example';
        const before = await countInquiries(db);
        for (const body of [{ name: 'x' }, '[1, 2]', '{"name": 42}']) {
          const response = await postInquiry(server.url, route, body, { headers: { origin }, contract });
          assert.equal(response.status, 403, `body ${JSON.stringify(body)}`);
          assert.equal((await response.json() as ErrorJson).code, 'origin_not_allowed');
        }
        const wrongType = await fetch(server.url + route, { method: 'POST', headers: { origin, 'content-type': 'text/plain' }, body: 'hello' });
        assert.equal(wrongType.status, 415);
        const noType = await fetch(server.url + route, { method: 'POST', headers: { origin } });
        assert.equal(noType.status, 415);
        assert.equal(await countInquiries(db), before);
      });
    }
  });

  it('the OpenAPI document lists both operations, the alias deprecated, with both media types', async () => {
    const document = contract.document as {
      paths: Record<string, { post?: { operationId: string; deprecated?: boolean; requestBody: { content: Record<string, { schema: { $ref: string } }> }; responses: Record<string, unknown> } }>;
    };
    const current = document.paths['/api/v1/contact']?.post;
    const legacy = document.paths['/api/contact']?.post;
    assert.equal(current?.operationId, 'submitProjectInquiry');
    assert.equal(legacy?.operationId, 'submitProjectInquiryLegacy');
    assert.equal(legacy?.deprecated, true);
    assert.notEqual(current?.deprecated, true);
    for (const operation of [current!, legacy!]) {
      assert.deepEqual(Object.keys(operation.requestBody.content).sort(), ['application/json', 'application/x-www-form-urlencoded']);
      for (const media of Object.values(operation.requestBody.content)) assert.equal(media.schema.$ref, '#/components/schemas/Inquiry');
      for (const status of ['200', '400', '403', '422', '429', '503']) assert.ok(operation.responses[status], `documents ${status}`);
    }
    const index = await contract.check('GET', `${server.url}/api/v1`, await fetch(`${server.url}/api/v1`)) as { endpoints: Array<{ operationId: string; deprecated?: boolean }> };
    assert.ok(index.endpoints.some((e) => e.operationId === 'submitProjectInquiry'));
    assert.ok(index.endpoints.some((e) => e.operationId === 'submitProjectInquiryLegacy' && e.deprecated));
  });

  it('other methods on the contact paths are 405', async () => {
    // Not held to openapi.json: GET is no operation of these paths, so the document has nothing to say.
    for (const route of ROUTES) {
      const response = await fetch(server.url + route, { method: 'GET' });
      assert.equal(response.status, 405);
      assert.match(response.headers.get('allow') ?? '', /POST/);
    }
  });
});
