import type { FastifyInstance } from 'fastify';
import { INBOX_PATHS } from '../contract/paths.js';
import { html } from '../web/html.js';
import { sendInboxPage } from './layout.js';
import type { InboxDeps } from './plugin.js';

// Placeholder (helper "webpages" replaces this file): the inbox's pages, registered in the signed-in
// context, so every route here has `request.operator` and POSTs are CSRF-checked before the handler.

export async function registerInboxPages(scope: FastifyInstance, _deps: InboxDeps): Promise<void> {
  scope.get(INBOX_PATHS.list, { schema: { hide: true } }, async (request, reply) => sendInboxPage(request, reply, {
    title: 'Inquiries',
    html: html`<h1>Inquiries</h1><p>Signed in as ${request.operator?.email}.</p>`,
    markdown: `# Inquiries\n\nSigned in as ${request.operator?.email}.\n`,
  }));
}
