import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/errors.js';
import type { Conversations } from '../conversations/conversations.js';
import { InboundMessageError, MAX_RAW_MESSAGE_BYTES } from '../conversations/inbound-message.js';
import { InboundSignatureError } from '../conversations/inbound-signature.js';
import { handleError, sendApiError } from '../http/errors.js';
import { registerMethodNotAllowed } from '../http/method-not-allowed.js';
import { RouteRegistry } from '../http/route-registry.js';
import { RAW_MESSAGE_TYPE, registerInboundEmail } from './email-route.js';

// The inbound context: mail into the service (POST /inbound/email). Its own body parsing (the raw bytes
// of message/rfc822, up to what 20 MB of attachments can take, and nothing else: the root's JSON and
// form parsers are removed here) and its own error mapping (a signature refused, a message unfit to
// file) into the contract's Error shape. Not counted by the API's rate limiter: the caller is the
// studio's own mail provider, and an unsigned request costs one HMAC.

export interface InboundDeps {
  conversations: Conversations;
}

/** The inbound refusals as contract errors; everything else as the root maps it. */
function inboundErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof InboundSignatureError) return sendApiError(reply, new ApiError('invalid_signature', { message: `The message was refused: ${error.message}.` }));
  if (error instanceof InboundMessageError) {
    const code = error.fault === 'attachments-too-large' ? 'message_too_large' : 'invalid_message';
    return sendApiError(reply, new ApiError(code, { message: `The message was refused: ${error.message}.` }));
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return sendApiError(reply, new ApiError('message_too_large', { message: `The message is larger than ${MAX_RAW_MESSAGE_BYTES} bytes.` }));
  }
  return handleError(error, request, reply);
}

export async function inboundSurface(scope: FastifyInstance, deps: InboundDeps): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(RAW_MESSAGE_TYPE, { parseAs: 'buffer', bodyLimit: MAX_RAW_MESSAGE_BYTES }, (_request, body, done) => done(null, body));
  scope.setErrorHandler(inboundErrorHandler);
  const routes = new RouteRegistry(scope);
  registerInboundEmail(scope, deps.conversations);
  registerMethodNotAllowed(scope, routes.methodsByUrl());
}
