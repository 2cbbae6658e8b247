import type { FastifyReply, FastifyRequest } from 'fastify';
import { INBOX_PATHS } from '../contract/paths.js';
import type { OperatorSession } from '../operators/operators.js';
import { HTML, MARKDOWN, pageFormat } from '../web/accept.js';
import { html, type SafeHtml } from '../web/html.js';
import { HTML_TYPE, MARKDOWN_TYPE, PLAIN_TYPE } from '../web/rendered-page.js';
import { asPage, varyOnAccept } from '../web/response-headers.js';
import { csrfInput } from './csrf.js';

// The page shell of the inbox and the one way its pages are sent: HTML around the page's body, or the
// page's Markdown for a signed-in session that asks for it (Accept: text/markdown).

/** What the shell needs from the site: set once on the inbox context (src/inbox/plugin.ts). */
export interface InboxChrome {
  siteName: string;
  /** The site's stylesheet and the inbox's, versioned URLs (src/web/assets.ts). */
  stylesheets: readonly string[];
  /** The site's icon (src/web/assets.ts). */
  icon: string;
}

export interface InboxPageView {
  /** The page's own title; the document title adds "Inbox" and the studio's name. */
  title: string;
  /** The page's body: the HTML inside <main>, and the same content as Markdown. */
  html: SafeHtml;
  markdown: string;
  status?: number;
  /** The signed-in operator; the request's own when not given. Without one, the page is HTML only. */
  operator?: OperatorSession;
  /** A class on <body> for a page's own styles (`inbox-<kind>`). */
  kind?: string;
  /** A same-origin path the browser loads at once (a meta refresh: the page CSP allows no script). */
  refresh?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present on the inbox context and its children only. */
    inboxChrome?: InboxChrome;
  }
  interface FastifyRequest {
    /** The operator of a valid session cookie, set by the inbox context's session hook. */
    operator?: OperatorSession;
  }
}

/** The headers of every inbox answer, pages, redirects and refusals alike; set by the context's first hook. */
export function setInboxHeaders(reply: FastifyReply): void {
  asPage(reply).headers({
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
    // Same-origin: links out of the inbox never carry its addresses (search words, ids); form POSTs still
    // carry a real Origin (under no-referrer browsers send `Origin: null`).
    'referrer-policy': 'same-origin',
  });
}

function header(chrome: InboxChrome, operator: OperatorSession | undefined): SafeHtml {
  const account = operator ? html`<div class="inbox-account">
<a href="${INBOX_PATHS.reports}">Reports</a>
<span class="inbox-email">${operator.email}</span>
<form method="post" action="${INBOX_PATHS.logout}">${csrfInput(operator)}<button type="submit" class="button button-quiet">Sign out</button></form>
</div>` : '';
  return html`<header class="site-header inbox-header"><div class="wrap">
<p class="inbox-brand"><a class="brand" href="${INBOX_PATHS.list}">${chrome.siteName}</a> <span class="inbox-label">Inbox</span></p>
${account}
</div></header>`;
}

/** The HTML document of an inbox page. Everything but `view.html` is escaped text. */
export function inboxDocument(chrome: InboxChrome, view: InboxPageView & { operator: OperatorSession | undefined }): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${view.title} — Inbox — ${chrome.siteName}</title>
${view.refresh ? html`<meta http-equiv="refresh" content="0; url=${view.refresh}">` : ''}
${chrome.stylesheets.map((href) => html`<link rel="stylesheet" href="${href}">`)}
<link rel="icon" href="${chrome.icon}" type="image/svg+xml">
</head>
<body class="inbox${view.kind ? ` inbox-${view.kind}` : ''}">
<a class="skip-link" href="#content">Skip to content</a>
${header(chrome, view.operator)}
<main id="content" tabindex="-1"><div class="wrap">
${view.html}
</div></main>
</body>
</html>
`.value;
}

function chromeOf(request: FastifyRequest): InboxChrome {
  const chrome = request.server.inboxChrome;
  if (!chrome) throw new Error('sendInboxPage is for routes of the inbox context');
  return chrome;
}

/**
 * Sends an inbox page: Markdown when a signed-in session prefers it, else the HTML document. The inbox
 * headers (no-store, noindex, the page CSP, Referrer-Policy) are already set by the context's hook.
 */
export function sendInboxPage(request: FastifyRequest, reply: FastifyReply, view: InboxPageView): FastifyReply {
  const operator = view.operator ?? request.operator;
  reply.code(view.status ?? 200);
  if (operator) {
    varyOnAccept(reply);
    const format = pageFormat(request.headers.accept);
    if (format !== HTML) return reply.type(format === MARKDOWN ? MARKDOWN_TYPE : PLAIN_TYPE).send(view.markdown);
  }
  return reply.type(HTML_TYPE).send(inboxDocument(chromeOf(request), { ...view, operator }));
}
