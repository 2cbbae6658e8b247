import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { GRANT_TYPES } from '../../contract/oauth.js';
import { validationError, type ValidationIssue } from '../../contract/validator.js';
import { mediaTypeOf } from '../../http/headers.js';
import { OAuthError } from '../errors.js';

// The form requests of the token, introspection and revocation endpoints (RFC 6749 §3.2). Their rules
// are checked in two steps, because RFC 6749 orders the errors around client authentication:
//  1. before it (preValidation): the body is application/x-www-form-urlencoded and names no parameter
//     twice; a parameter without a value counts as omitted (§3.1). A request failing these cannot even
//     be read for client_secret_post credentials.
//  2. after it (the handler, through parameterError): the route's schema, which Fastify has checked with
//     the contract's validator and attached (attachValidation), so that a client that fails to
//     authenticate hears invalid_client whatever its other parameters say.

/** The parameters of a readable OAuth form: one string each, empty ones left out. */
export type FormParameters = Record<string, string>;

/** Step 1. Replaces the body with its parameters in a null-prototype object: names are the caller's. */
export const readOAuthForm: preValidationHookHandler = (request, _reply, done) => {
  if (mediaTypeOf(request.headers) !== 'application/x-www-form-urlencoded') {
    return done(new OAuthError('invalid_request', 'The request body must be application/x-www-form-urlencoded.'));
  }
  const parameters: FormParameters = Object.create(null) as FormParameters;
  for (const [name, value] of Object.entries(request.body ?? {})) {
    if (typeof value !== 'string') return done(new OAuthError('invalid_request', `The parameter ${name} is included more than once.`));
    if (value !== '') parameters[name] = value;
  }
  request.body = parameters;
  done();
};

/** Step 2. The schema failure attached to the request, as the OAuth error RFC 6749 §5.2 names for it. */
export function parameterError(request: FastifyRequest): OAuthError | undefined {
  const issues = request.validationError?.validation as ValidationIssue[] | undefined;
  const issue = issues?.[0];
  if (!issues || !issue) return undefined;
  if (issue.keyword === 'required') return new OAuthError('invalid_request', `The parameter ${String(issue.params?.missingProperty)} is required.`);
  if (issue.instancePath === '/grant_type') return new OAuthError('unsupported_grant_type', `Only ${GRANT_TYPES.join(', ')} is supported.`);
  return new OAuthError('invalid_request', validationError(issues).message);
}
