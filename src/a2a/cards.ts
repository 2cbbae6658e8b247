import { AgentCard } from '@a2a-js/sdk';
import type { ExtendedAgentCardProvider, ServerCallContext } from '@a2a-js/sdk/server';
import { ApiError } from '../contract/errors.js';
import { OAUTH_METADATA_PATHS, OAUTH_PATHS } from '../contract/oauth.js';
import { StoreUnavailable } from '../oauth/errors.js';
import { STORE_RETRY_AFTER_SECONDS } from '../oauth/http/errors.js';
import { agentCardJson } from './agent-card.js';
import { callOf } from './call-context.js';
import { SignedCard, type CardJson, type CardSigningKeys } from './card-signature.js';

// The two signed cards: the public card (served at its well-known address by plugin.ts), and the
// extended card, which the SDK's GetExtendedAgentCard hands to a caller with a valid bearer token.

export interface SignedCards<Served> {
  /** The public card, as the well-known address serves it (`served`: its HTTP representation). */
  public: SignedCard<Served>;
  extended: SignedCard<AgentCard>;
}

export function signedCards<Served>(
  publicCard: AgentCard, extendedCard: AgentCard, keys: CardSigningKeys, baseUrl: string, served: (signed: CardJson) => Served,
): SignedCards<Served> {
  const jwksUrl = baseUrl + OAUTH_PATHS.jwks;
  return {
    public: new SignedCard(agentCardJson(publicCard), keys, jwksUrl, served),
    // The SDK serializes what the provider returns: the signed JSON read back into its types.
    extended: new SignedCard(agentCardJson(extendedCard), keys, jwksUrl, (signed) => AgentCard.fromJSON(signed)),
  };
}

/** A card that cannot be signed: only before the keys were ever loaded (the key ring keeps serving the last ones it read). */
export function signingUnavailable(error: unknown): never {
  if (!(error instanceof StoreUnavailable)) throw error;
  throw new ApiError('auth_unavailable', {
    message: 'The agent card cannot be signed right now: the service\'s signing keys are not loaded yet.',
    hint: 'Wait the number of seconds in the Retry-After header, then fetch the card again.',
    retryAfter: STORE_RETRY_AFTER_SECONDS,
  });
}

/** No token, no extended card: 401 with the RFC 6750 challenge (no error attribute: none was sent) naming where tokens come from. */
function tokenRequired(issuer: string): ApiError {
  return new ApiError('token_required', {
    message: 'GetExtendedAgentCard requires a bearer token.',
    hint: `Register (POST ${issuer}${OAUTH_PATHS.register}), get a token at ${issuer}${OAUTH_PATHS.token} (client_credentials, any scope), `
      + 'and send it as "Authorization: Bearer <token>".',
    headers: { 'WWW-Authenticate': `Bearer realm="${issuer}", resource_metadata="${issuer}${OAUTH_METADATA_PATHS.protectedResource}"` },
  });
}

/**
 * The SDK's extended-card provider. Its refusals are HTTP answers (401, 503), so they go to the route
 * through the call (src/a2a/call-context.ts); what is thrown only ends the SDK's handling.
 */
export function extendedCardProvider(card: SignedCard<AgentCard>, issuer: string): ExtendedAgentCardProvider {
  const refuse = (context: ServerCallContext, error: ApiError): never => {
    callOf(context).refusal = error;
    throw error;
  };
  return async (context) => {
    if (!context.user?.isAuthenticated) return refuse(context, tokenRequired(issuer));
    try {
      return await card.current().catch(signingUnavailable);
    } catch (error) {
      return error instanceof ApiError ? refuse(context, error) : Promise.reject(error);
    }
  };
}
