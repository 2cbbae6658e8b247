import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server.js';

describe('read API', () => {
  let server: TestServer;
  before(async () => { server = await startServer(); });
  after(async () => { await server.close(); });

  it('lists projects with absolute page URLs', async () => {
    const response = await fetch(`${server.url}/api/v1/projects`);
    assert.equal(response.status, 200);
    const body = await response.json() as { projects: Array<{ slug: string; url: string }> };
    assert.ok(body.projects.length >= 8);
    for (const project of body.projects) assert.equal(project.url, `${server.url}/projects/${project.slug}`);
  });
});
