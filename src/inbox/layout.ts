import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { INBOX_PATHS } from '../contract/paths.js';
import type { InboxStore } from '../inquiries/ports.js';
import type { OperatorSession } from '../operators/operators.js';
import { HTML, MARKDOWN, pageFormat } from '../web/accept.js';
import { html, type SafeHtml } from '../web/html.js';
import { mdText } from '../web/markdown.js';
import { HTML_TYPE, MARKDOWN_TYPE, PLAIN_TYPE } from '../web/rendered-page.js';
import { asPage, varyOnAccept } from '../web/response-headers.js';
import { csrfInput } from './csrf.js';
import { INBOX_NAV, inboxStatusOf, type InboxStatus, type InboxStatusSource } from './nav.js';

// The page shell of the inbox and the one way its pages are sent: HTML around the page's body, or the
// page's Markdown for a signed-in session that asks for it (Accept: text/markdown). A signed-in page
// shows the navigation with the unread count (also in the document's title), and, while no notification
// channel is configured, a banner saying that nobody is told of new inquiries and what to set.

/** What the shell needs from the site: set once on the inbox context (src/inbox/plugin.ts). */
export interface InboxChrome {
  siteName: string;
  /** The site's stylesheet and the inbox's, versioned URLs (src/web/assets.ts). */
  stylesheets: readonly string[];
  /** The site's icon (src/web/assets.ts). */
  icon: string;
  /** Set while no notification channel is configured: what every signed-in page says (src/inquiries/notifiers/from-config.ts). */
  noChannel?: string;
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
    /** The inbox at a glance for the page's navigation, read by `readInboxStatus` for a page (GET, HEAD). */
    inboxStatus?: InboxStatus;
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

/**
 * The signed-in context's hook: one count for the navigation and the title of a page (GET, HEAD); an
 * action (POST) answers with a redirect, and reads nothing.
 */
export function readInboxStatus(source: InboxStatusSource): preHandlerAsyncHookHandler {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    request.inboxStatus = await inboxStatusOf(source);
  };
}

/** Reads the counts again for a page whose handler changed them (opening an unread inquiry files it as read). */
export async function rereadInboxStatus(request: FastifyRequest, source: InboxStatusSource): Promise<void> {
  if (request.inboxStatus) request.inboxStatus = await inboxStatusOf(source);
}

/** Where the page sits in the inbox: its path, and the inbox's counts when they were read. */
interface PagePlace {
  path: string;
  status: InboxStatus | undefined;
}

function navCount(count: { value: number; words: string } | undefined): SafeHtml | '' {
  if (!count || count.value === 0) return '';
  return html` <span class="nav-count">${count.value}<span class="visually-hidden"> ${count.words}</span></span>`;
}

function nav(place: PagePlace): SafeHtml {
  return html`<nav class="inbox-nav" aria-label="Inbox"><ul>${INBOX_NAV.map((item) => {
    const current = item.holds(place.path) ? html` aria-current="${place.path === item.href ? 'page' : 'true'}"` : '';
    return html`<li><a href="${item.href}"${current}>${item.label}${navCount(place.status && item.count?.(place.status))}</a></li>`;
  })}</ul></nav>`;
}

/** The banner while no notification channel is configured: nobody hears of a new inquiry. */
function noChannelBanner(warning: string | undefined): SafeHtml | '' {
  if (warning === undefined) return '';
  return html`<div class="inbox-banner" role="note" aria-label="Notifications"><div class="wrap"><p><strong>Nobody is notified of new inquiries.</strong> ${warning}</p></div></div>`;
}

function header(chrome: InboxChrome, operator: OperatorSession | undefined, place: PagePlace): SafeHtml {
  const account = operator ? html`<div class="inbox-account">
<span class="inbox-email">${operator.email}</span>
<form method="post" action="${INBOX_PATHS.logout}">${csrfInput(operator)}<button type="submit" class="button button-quiet">Sign out</button></form>
</div>` : '';
  return html`<header class="site-header inbox-header"><div class="wrap">
<p class="inbox-brand"><a class="brand" href="${INBOX_PATHS.list}">${chrome.siteName}</a> <span class="inbox-label">Inbox</span></p>
${operator ? nav(place) : ''}
${account}
</div></header>
${operator ? noChannelBanner(chrome.noChannel) : ''}`;
}

/** "(3) " before a page's title while the inbox has unread inquiries, as mail clients do. */
function unreadPrefix(status: InboxStatus | undefined): string {
  return status && status.unread > 0 ? `(${status.unread}) ` : '';
}

/** The HTML document of an inbox page. Everything but `view.html` is escaped text. */
export function inboxDocument(chrome: InboxChrome, view: InboxPageView & { operator: OperatorSession | undefined }, place: PagePlace = { path: '', status: undefined }): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${view.operator ? unreadPrefix(place.status) : ''}${view.title} — Inbox — ${chrome.siteName}</title>
${view.refresh ? html`<meta http-equiv="refresh" content="0; url=${view.refresh}">` : ''}
${chrome.stylesheets.map((href) => html`<link rel="stylesheet" href="${href}">`)}
<link rel="icon" href="${chrome.icon}" type="image/svg+xml">
</head>
<body class="inbox${view.kind ? ` inbox-${view.kind}` : ''}">
<a class="skip-link" href="#content">Skip to content</a>
${header(chrome, view.operator, place)}
<main id="content" tabindex="-1"><div class="wrap">
${view.html}
</div></main>
</body>
</html>
`.value;
}

/** The Markdown twin says it too, at its end (a twin begins with its heading). */
function withBanner(markdown: string, warning: string | undefined): string {
  return warning === undefined ? markdown : `${markdown.trimEnd()}\n\n> **Nobody is notified of new inquiries.** ${mdText(warning)}\n`;
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
    if (format !== HTML) return reply.type(format === MARKDOWN ? MARKDOWN_TYPE : PLAIN_TYPE).send(withBanner(view.markdown, chromeOf(request).noChannel));
  }
  const place = { path: request.url.split('?')[0]!, status: request.inboxStatus };
  return reply.type(HTML_TYPE).send(inboxDocument(chromeOf(request), { ...view, operator }, place));
}
