import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// A content file written by someone careless (or hostile): raw HTML and script links must not reach a page.
const HOSTILE_PAGE = `---
title: "Press <script>alert('title')</script>"
description: "A page with \\"quotes\\" & <b>tags</b>"
order: 9
---
<script>alert('raw')</script>

<img src="x" onerror="alert('img')">

[Click me](javascript:alert('link')) and [also](JAVASCRIPT:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) and [vb](vbscript:msgbox)

<a href="javascript:alert('a')">raw anchor</a>

A [fine link](/projects) stays.
`;

describe('Markdown safety with hostile content', () => {
  const suite = suiteScope();
  let server: TestServer;
  let contentDir: string;
  before(async () => {
    contentDir = mkdtempSync(join(tmpdir(), 'studio-content-'));
    cpSync('content', contentDir, { recursive: true });
    writeFileSync(join(contentDir, 'pages', 'press.md'), HOSTILE_PAGE);
    server = await startServer(suite, { CONTENT_DIR: contentDir });
  });
  after(async () => {
    rmSync(contentDir, { recursive: true, force: true });
  });

  it('renders neither raw HTML nor javascript:/data:/vbscript: links', async () => {
    const response = await fetch(`${server.url}/press`);
    assert.equal(response.status, 200);
    const body = await response.text();
    assert.doesNotMatch(body, /<script>alert/);
    assert.doesNotMatch(body, /<img src="x"/);
    assert.doesNotMatch(body, /<a href="javascript/i);
    assert.doesNotMatch(body, /href="(?:javascript|vbscript|data):/i);
    assert.doesNotMatch(body, /<b>tags<\/b>/);
    assert.match(body, /<p>&lt;script&gt;alert\(.raw.\)&lt;\/script&gt;<\/p>/, 'raw HTML is shown as text');
    assert.match(body, /<a href="\/projects">fine link<\/a>/);
    assert.match(body, /<title>Press &lt;script&gt;/);
  });

  it('keeps the Markdown twin as the source text, with front matter emitted as YAML', async () => {
    const response = await fetch(`${server.url}/press`, { headers: { Accept: 'text/markdown' } });
    const text = await response.text();
    assert.match(text, /^---\ntitle: Press <script>alert\('title'\)<\/script>\n/);
    assert.match(text, /^description: A page with "quotes" & <b>tags<\/b>$/m);
    assert.match(text, /\[Click me\]\(javascript:alert\('link'\)\)/, 'the twin is the source Markdown, unrendered');
  });
});
