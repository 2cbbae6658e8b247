import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CONVERSATION_PATHS } from '../contract/paths.js';
import type { ConversationStore } from '../conversations/ports.js';
import { sendErrorPage } from './guards.js';

// GET /inbox/attachments/:id: a file a homeowner sent, downloaded by a signed-in operator. It came from
// anyone, so it is never rendered by the browser as a page of this origin: always a download
// (Content-Disposition: attachment), its declared type not sniffed into HTML (nosniff), and, should a
// browser open it anyway, in a sandbox with nothing allowed (CSP sandbox: no script, an opaque origin).

const AttachmentParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** A type a browser would not take for something to run: the declared one when it is a plain media type, else bytes. */
function safeContentType(declared: string): string {
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i.test(declared) ? declared.toLowerCase() : 'application/octet-stream';
}

/** RFC 6266: an ASCII fallback, and the real name in RFC 8187's UTF-8 encoding (filename*). */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_').replace(/[\r\n]/g, '') || 'attachment';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function registerAttachmentRoute(scope: FastifyInstance, store: Pick<ConversationStore, 'attachment'>): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().get(CONVERSATION_PATHS.attachment, { schema: { hide: true, params: AttachmentParams } }, async (request, reply) => {
    const attachment = await store.attachment(request.params.id);
    if (!attachment) return sendErrorPage(request, reply, 404);
    return reply
      .header('content-type', safeContentType(attachment.contentType))
      .header('content-disposition', contentDisposition(attachment.filename))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox; default-src \'none\'')
      .send(attachment.content);
  });
}
