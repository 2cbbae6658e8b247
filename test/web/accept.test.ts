import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { negotiate, pageFormat, parseAccept } from '../../src/web/accept.js';
import { escapeHtml, html } from '../../src/web/html.js';
import { mdLink, mdText, renderMarkdown } from '../../src/web/markdown.js';

const prefersMarkdown = (accept: string | undefined): boolean => pageFormat(accept) === 'text/markdown';

describe('Accept negotiation (unit)', () => {
  const cases: Array<[string | undefined, boolean]> = [
    [undefined, false],
    ['', false],
    ['*/*', false],
    ['text/*', false],
    ['text/markdown', true],
    ['text/markdown;q=0', false],
    ['text/markdown;q=0, */*', false],
    ['text/html, text/markdown;q=0.9', false],
    ['text/markdown, text/html;q=0.9', true],
    ['text/markdown;q=0.9, text/html;q=0.8', true],
    ['text/html;q=0.5, text/markdown;q=0.6', true],
    ['text/markdown, text/html', true],
    ['text/html, text/markdown', false],
    ['text/markdown, */*', true],
    ['*/*, text/markdown', true],
    ['TEXT/MARKDOWN; charset=utf-8', true],
    ['text/markdown; q=1.0', true],
    ['text/markdown;q=2', false],
    ['application/json', false],
    ['text/html;q=0, text/markdown;q=0.1', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', false],
    ['garbage', false],
  ];
  for (const [accept, markdown] of cases) {
    it(`${JSON.stringify(accept)} -> ${markdown ? 'Markdown' : 'HTML'}`, () => {
      assert.equal(prefersMarkdown(accept), markdown);
    });
  }

  it('answers the same after the Accept cache has cycled through more strings than it keeps', () => {
    const many = Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? `text/markdown, application/x-${i}` : `text/html, application/x-${i}`));
    for (const round of [1, 2]) {
      many.forEach((accept, i) => assert.equal(prefersMarkdown(accept), i % 2 === 0, `round ${round}: ${accept}`));
      for (const [accept, markdown] of cases) assert.equal(prefersMarkdown(accept), markdown, `round ${round}: ${String(accept)}`);
    }
  });

  it('parses q-values and skips malformed ranges', () => {
    assert.deepEqual(parseAccept('text/html;level=1;q=0.5, nonsense, */*'), [
      { type: 'text', subtype: 'html', q: 0.5, index: 0 },
      { type: '*', subtype: '*', q: 1, index: 2 },
    ]);
  });

  it('returns no offer when every offer is refused', () => {
    assert.equal(negotiate('text/html;q=0, text/markdown;q=0', ['text/html', 'text/markdown']), undefined);
    assert.equal(negotiate('image/png', ['text/html', 'text/markdown']), undefined);
  });
});

describe('Markdown and HTML safety (unit)', () => {
  it('keeps markdown-it\'s default link validation: no javascript:, vbscript:, data: links', () => {
    const out = renderMarkdown('[a](javascript:alert(1)) [b](vbscript:x) [c](data:text/html;base64,PHNjcmlwdD4=) [d](JAVASCRIPT:alert(1)) [ok](/projects)').value;
    assert.doesNotMatch(out, /href="(?:javascript|vbscript|data):/i);
    assert.match(out, /href="\/projects"/);
  });

  it('escapes raw HTML in Markdown instead of passing it through', () => {
    const out = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>').value;
    assert.doesNotMatch(out, /<script|<img/);
    assert.match(out, /&lt;script&gt;/);
  });

  it('does not turn bare URLs into links', () => {
    assert.doesNotMatch(renderMarkdown('see www.example.com').value, /<a /);
  });

  it('escapes interpolated values in HTML templates', () => {
    assert.equal(html`<p title="${'"x"'}">${'<b>&'}</p>`.value, '<p title="&quot;x&quot;">&lt;b&gt;&amp;</p>');
    assert.equal(escapeHtml("it's"), 'it&#39;s');
  });

  it('escapes Markdown syntax in generated text and links', () => {
    assert.equal(mdText('*bold* [x](y) <b>'), '\\*bold\\* \\[x\\](y) \\<b\\>');
    assert.equal(mdLink('A_B', '/a b'), '[A\\_B](</a%20b>)');
    assert.equal(renderMarkdown(mdLink('[evil](javascript:x)', '/ok')).value.includes('javascript'), true);
    assert.doesNotMatch(renderMarkdown(mdLink('[evil](javascript:x)', '/ok')).value, /href="javascript/);
  });
});
