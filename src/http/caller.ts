import type { FastifyRequest } from 'fastify';
import type { Caller } from '../inquiries/inquiry-service.js';
import { firstValue } from './headers.js';

/**
 * The caller of a request, as every surface hands it to the use cases and the agent operations.
 * `clientId` is the bearer hook's (src/oauth/http/bearer-auth.ts): absent where the hook does not run.
 */
export function callerOf(request: FastifyRequest): Caller {
  return {
    ip: request.ip,
    userAgent: firstValue(request.headers['user-agent']),
    origin: firstValue(request.headers.origin),
    clientId: request.clientId,
  };
}
