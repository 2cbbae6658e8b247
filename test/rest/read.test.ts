import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEPRECATION_POLICY } from '../../src/contract/api.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { OpenApiContract } from '../helpers/openapi.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

const READ = RATE_LIMIT_POLICIES.read;

describe('read API', () => {
  const suite = suiteScope();
  let server: TestServer;
  let contract: OpenApiContract;
  before(async () => {
    server = await startServer(suite);
    contract = await OpenApiContract.fetch(server.url);
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const url = server.url + path;
    const response = await fetch(url, { headers });
    const body = await contract.check('GET', url, response.clone());
    return { response, body };
  }

  it('lists projects with absolute page URLs, in the contract shape', async () => {
    const { response, body } = await get('/api/v1/projects');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^application\/json/);
    const { projects } = body as { projects: Array<{ slug: string; url: string; scope?: string[] }> };
    assert.ok(projects.length >= 8);
    for (const project of projects) assert.equal(project.url, `${server.url}/projects/${project.slug}`);
    assert.ok(projects.some((p) => Array.isArray(p.scope) && p.scope.length > 0));
  });

  it('gives each project its facts: region, year, status, size in both units, kinds of work, team and the services it shows', async () => {
    const { body } = await get('/api/v1/projects');
    const { projects } = body as { projects: Array<Record<string, any>> };
    const services = ((await get('/api/v1/services')).body as { services: Array<{ slug: string }> }).services.map((s) => s.slug);
    for (const project of projects) {
      assert.ok(['miami', 'hamptons', 'other'].includes(project.region), project.slug);
      assert.ok(['completed', 'under-construction', 'in-design'].includes(project.status), project.slug);
      assert.equal(project.size.square_meters, Math.round(project.size.square_feet * 0.3048 * 0.3048), project.slug);
      assert.ok(project.work.length > 0 && project.team.length > 0, project.slug);
      for (const slug of project.services) assert.ok(services.includes(slug), `${project.slug} shows ${slug}`);
    }
    const grove = projects.find((p) => p.slug === 'grove-courtyard-house')!;
    assert.deepEqual(grove.size, { square_feet: 4800, square_meters: 446 });
    assert.deepEqual(grove.work, ['new-house', 'interior', 'garden']);
    assert.deepEqual(grove.team[0], { role: 'architect', name: 'Harbor & Hedge Design-Build' });
  });

  it('filters projects by region and by kind of work, alone and together, each list with its own ETag and 304', async () => {
    const all = ((await get('/api/v1/projects')).body as { projects: Array<{ slug: string; region: string; work: string[] }> }).projects;
    const cases: Array<[string, (p: { region: string; work: string[] }) => boolean]> = [
      ['region=miami', (p) => p.region === 'miami'],
      ['work=renovation', (p) => p.work.includes('renovation')],
      ['region=hamptons&work=garden', (p) => p.region === 'hamptons' && p.work.includes('garden')],
      ['work=garden&region=hamptons&utm_source=mail', (p) => p.region === 'hamptons' && p.work.includes('garden')],
    ];
    const etags = new Set<string>();
    for (const [query, keeps] of cases) {
      const { response, body } = await get(`/api/v1/projects?${query}`);
      assert.equal(response.status, 200, query);
      const slugs = (body as { projects: Array<{ slug: string }> }).projects.map((p) => p.slug);
      assert.deepEqual(slugs, all.filter(keeps).map((p) => p.slug), query);
      assert.ok(slugs.length > 0 && slugs.length < all.length, query);
      const etag = response.headers.get('etag')!;
      etags.add(etag);
      const again = await fetch(`${server.url}/api/v1/projects?${query}`, { headers: { 'If-None-Match': etag } });
      assert.equal(again.status, 304, query);
    }
    assert.equal(etags.size, 3, 'one ETag per filter; the order of parameters and unknown ones do not matter');
    const unfiltered = (await fetch(`${server.url}/api/v1/projects`)).headers.get('etag')!;
    const otherTag = await fetch(`${server.url}/api/v1/projects?region=miami`, { headers: { 'If-None-Match': unfiltered } });
    assert.equal(otherTag.status, 200, 'the whole list\'s ETag does not match a filtered list');
  });

  it('refuses a filter value outside its list with 400 in the Error shape, naming the parameter', async () => {
    for (const [query, field] of [['region=paris', 'region'], ['work=pool', 'work'], ['work=', 'work'], ['region=miami&region=hamptons', 'region']] as const) {
      const { response, body } = await get(`/api/v1/projects?${query}`);
      assert.equal(response.status, 400, query);
      const error = body as { ok: boolean; code: string; error: string; hint: string };
      assert.equal(error.ok, false);
      assert.equal(error.code, 'invalid_field', query);
      assert.match(error.error, new RegExp(`"${field}"`), query);
      assert.ok(error.hint.length > 0);
    }
  });

  it('lists services with capabilities as a single string', async () => {
    const { response, body } = await get('/api/v1/services');
    assert.equal(response.status, 200);
    const { services } = body as { services: Array<{ slug: string; url: string; capabilities?: unknown }> };
    assert.ok(services.length >= 5);
    for (const service of services) {
      assert.equal(service.url, `${server.url}/services/${service.slug}`);
      assert.equal(typeof service.capabilities, 'string');
    }
  });

  it('answers If-None-Match with 304 and no body, and a stale tag with 200', async () => {
    const first = await fetch(`${server.url}/api/v1/projects`);
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]+"$/);
    const { response } = await get('/api/v1/projects', { 'If-None-Match': `"stale", ${etag}` });
    assert.equal(response.status, 304);
    assert.equal(await response.text(), '');
    assert.equal(response.headers.get('etag'), etag);
    const weak = await fetch(`${server.url}/api/v1/projects`, { headers: { 'If-None-Match': `W/${etag}` } });
    assert.equal(weak.status, 304, 'If-None-Match uses the weak comparison');
    const stale = await fetch(`${server.url}/api/v1/projects`, { headers: { 'If-None-Match': '"stale"' } });
    assert.equal(stale.status, 200);
  });

  it('sends CORS, rate-limit and discovery Link headers on every read', async () => {
    for (const path of ['/api/v1', '/api/v1/projects', '/api/v1/services']) {
      const { response } = await get(path, { Origin: 'https://elsewhere.example' });
      assert.equal(response.headers.get('access-control-allow-origin'), '*', path);
      assert.equal(response.headers.get('ratelimit-limit'), String(READ.limit), path);
      assert.equal(response.headers.get('ratelimit-policy'), `${READ.limit};w=${READ.windowSeconds}`, path);
      assert.match(response.headers.get('ratelimit-reset') ?? '', /^\d+$/, path);
      const link = response.headers.get('link') ?? '';
      for (const rel of ['service-desc', 'api-catalog', 'service-doc', 'describedby']) assert.match(link, new RegExp(`rel="${rel}"`), `${path} ${rel}`);
      assert.match(link, new RegExp(`<${server.url}/openapi.json>; rel="service-desc"`));
    }
  });

  it('counts RateLimit-Remaining down per request', async () => {
    const a = Number((await fetch(`${server.url}/api/v1/services`)).headers.get('ratelimit-remaining'));
    const b = Number((await fetch(`${server.url}/api/v1/services`)).headers.get('ratelimit-remaining'));
    assert.equal(b, a - 1);
  });

  it('describes the version, the deprecation policy and every operation at /api/v1', async () => {
    const { body } = await get('/api/v1');
    const index = body as { version: string; api_version: string; deprecation_policy: { minimum_support_months: number }; endpoints: Array<{ operationId: string; method: string; url: string }> };
    assert.equal(index.version, 'v1');
    assert.equal(index.api_version, '1.0.0');
    assert.equal(index.deprecation_policy.minimum_support_months, DEPRECATION_POLICY.minimumSupportMonths);
    const ids = index.endpoints.map((e) => e.operationId);
    assert.ok(ids.includes('listProjects') && ids.includes('listServices'), ids.join());
    // The index and the OpenAPI document list the same operations.
    const documented = Object.values(contract.document.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap((item) => Object.values(item).map((op) => op.operationId)).filter(Boolean).sort();
    assert.deepEqual([...ids].sort(), documented);
    for (const endpoint of index.endpoints) assert.ok(endpoint.url.startsWith(server.url));
  });

  it('publishes a valid OpenAPI 3.1 document with the contract operations and headers', async () => {
    const doc = contract.document;
    assert.equal(doc.info.version, '1.0.0');
    const projects = contract.operation('GET', '/api/v1/projects')!;
    assert.equal(projects.operationId, 'listProjects');
    assert.equal(contract.operation('GET', '/api/v1/services')!.operationId, 'listServices');
    for (const header of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']) {
      assert.ok(projects.responses['200'].headers[header], header);
    }
    assert.ok(projects.responses['429'].headers['Retry-After']);
    assert.equal(projects.responses['429'].content['application/json'].schema.$ref, '#/components/schemas/Error');
    assert.deepEqual(doc.components.schemas.Inquiry.properties.location.enum, ['miami', 'hamptons', 'other']);
  });

  it('describes the project facts and the list\'s filters in the OpenAPI document', async () => {
    const project = contract.document.components.schemas.Project;
    for (const field of ['region', 'year', 'status', 'size', 'work', 'team', 'photographer', 'services']) {
      assert.ok(project.properties[field], field);
      assert.ok(project.properties[field].description?.length > 10, `${field} is described`);
      assert.ok(!(project.required ?? []).includes(field), `${field} is optional`);
    }
    assert.deepEqual(project.properties.status.enum, ['completed', 'under-construction', 'in-design']);
    assert.deepEqual(project.properties.work.items.enum, ['new-house', 'renovation', 'garden', 'interior']);
    assert.deepEqual(Object.keys(project.properties.size.properties), ['square_feet', 'square_meters']);
    assert.ok(project.properties.team.items.properties.role.enum.includes('architect'));
    const operation = contract.operation('GET', '/api/v1/projects')!;
    const parameters = operation.parameters as Array<{ name: string; in: string; schema: { enum: string[] }; description?: string }>;
    assert.deepEqual(parameters.map((p) => `${p.in}:${p.name}`).sort(), ['query:region', 'query:work']);
    assert.deepEqual(parameters.find((p) => p.name === 'work')!.schema.enum, ['new-house', 'renovation', 'garden', 'interior']);
    assert.ok(operation.responses['400'], 'a bad filter is documented');
  });

  // 404 and 405 are not in openapi.json (no operation answers them), so these two are checked here by hand.
  it('answers unknown API paths with 404 in the Error shape', async () => {
    const response = await fetch(`${server.url}/api/v1/nothing-here`);
    assert.equal(response.status, 404);
    assert.deepEqual(Object.keys(await response.json() as object).sort(), ['code', 'error', 'hint', 'ok']);
  });

  it('answers a wrong method with 405, Allow and the Error shape', async () => {
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST']) {
      const response = await fetch(`${server.url}/api/v1/projects`, { method });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('allow'), 'GET, HEAD');
      const body = await response.json() as { ok: boolean; code: string };
      assert.equal(body.ok, false);
      assert.equal(body.code, 'method_not_allowed');
      assert.ok(response.headers.get('ratelimit-limit'), 'every API response carries RateLimit headers');
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${server.url}/api/v1/projects`, { method: 'HEAD' });
    assert.equal(response.status, 200);
    assert.ok(response.headers.get('etag'));
    assert.equal(await response.text(), '');
  });

  it('answers a CORS preflight for reads from any origin', async () => {
    const response = await fetch(`${server.url}/api/v1/projects`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /Authorization/i);
  });
});
