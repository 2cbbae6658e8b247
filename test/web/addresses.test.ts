import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

/** A GET with the path sent exactly as written (fetch would normalise `\` and dot segments). */
function rawGet(base: string, path: string, accept = 'text/html'): Promise<{ status: number; link: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { Accept: accept } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, link: String(res.headers.link ?? '') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every URI-reference of a Link header. */
const linkTargets = (link: string): string[] => [...link.matchAll(/<([^>]*)>/g)].map((m) => m[1]!);

describe('the 404 page links only to its own origin', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  for (const path of ['//evil.example/x', '/\\evil.example/x', '/\\\\evil.example', '/x>; rel="evil"']) {
    it(`GET ${path}: 404, and every Link target is on BASE_URL`, async () => {
      for (const accept of ['text/html', 'text/markdown']) {
        const { status, link } = await rawGet(server.url, path.replace(' ', '%20').replace(/"/g, '%22'), accept);
        assert.equal(status, 404, `${path} (${accept})`);
        const targets = linkTargets(link);
        assert.ok(targets.length > 0, 'the 404 answer carries Link');
        for (const target of targets) {
          assert.equal(new URL(target).origin, server.url, `${path} (${accept}): ${target}`);
          assert.doesNotMatch(target, /evil/);
        }
      }
    });
  }

  it('an ordinary unknown path is named as the alternate of its own 404 answer', async () => {
    const { status, link } = await rawGet(server.url, '/no-such-page');
    assert.equal(status, 404);
    assert.ok(link.includes(`<${server.url}/no-such-page>; rel="alternate"; type="text/markdown"`), link);
  });
});

describe('a text page may not take an address the app already serves', () => {
  // mcp and healthz are routes of other surfaces; auth and index would take /auth.md and /index.md;
  // developers is a built-in page.
  for (const slug of ['mcp', 'healthz', 'auth', 'index', 'developers']) {
    it(`content/pages/${slug}.md stops the start with a ContentError naming the file`, async (t) => {
      const contentDir = mkdtempSync(join(tmpdir(), 'studio-content-'));
      try {
        cpSync('content', contentDir, { recursive: true });
        const file = join(contentDir, 'pages', `${slug}.md`);
        writeFileSync(file, `---\ntitle: "A page called ${slug}"\ndescription: "It collides."\n---\nText.\n`);
        await assert.rejects(startServer(t, { CONTENT_DIR: contentDir }), (error: Error) => {
          assert.equal(error.name, 'ContentError');
          assert.ok(error.message.includes(file), error.message);
          assert.match(error.message, /already served/);
          return true;
        });
      } finally {
        rmSync(contentDir, { recursive: true, force: true });
      }
    });
  }
});
