import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { Inquiry } from '../contract/inquiry.js';
import { validatorOf } from '../contract/validator.js';
import type { Clock } from '../lib/clock.js';
import { comparableAddress } from '../inquiries/email-address.js';
import { OperatorRefusal } from './errors.js';
import type { CredentialOutcome, Operators } from './operators.js';
import { hashPassword, passwordProblem } from './password-rules.js';
import type { OperatorStore, PasswordHasher, SignInLinkRecord } from './ports.js';
import { SESSION_IDLE_MS, SIGN_IN_LINK_MS } from './sessions.js';
import { newToken } from './tokens.js';

// The operator command's side of the use case: adding, listing, removing operators and resetting their
// credentials. Each change either sets a password or hands out a one-time sign-in link.

interface AccountDeps {
  store: OperatorStore;
  hasher: PasswordHasher;
  clock: Clock;
}

/**
 * An address is what the contract calls one (the inquiry's `email` rules), in its comparable form. Checked
 * as a field of an object: the rules' x-trim keyword writes the trimmed value back into its parent.
 */
const validAddress = validatorOf(Type.Object({ email: Inquiry.properties.email }));

function operatorAddress(email: string): string {
  const address = comparableAddress(email);
  if (!validAddress({ email: address })) throw new OperatorRefusal('invalid_email', `"${email}" is not an email address.`);
  return address;
}

/** The hash of an acceptable new password, or no password (undefined) at all. */
async function newPasswordHash(hasher: PasswordHasher, password: string | undefined): Promise<string | null> {
  if (password === undefined) return null;
  const problem = passwordProblem(password);
  if (problem) throw new OperatorRefusal('weak_password', problem);
  return hashPassword(hasher, password);
}

/** A new one-time link for the operator: the record to store and what the command prints. */
function newLink(operatorId: string, now: number): { record: SignInLinkRecord; outcome: CredentialOutcome } {
  const { token, hash } = newToken();
  const expiresAt = now + SIGN_IN_LINK_MS;
  return {
    record: { tokenHash: hash, operatorId, createdAt: now, expiresAt, usedAt: null },
    outcome: { linkToken: token, linkExpiresAt: expiresAt },
  };
}

export function accountSide({ store, hasher, clock }: AccountDeps): Pick<Operators, 'add' | 'list' | 'remove' | 'reset'> {
  return {
    async add(email, password) {
      const address = operatorAddress(email);
      const passwordHash = await newPasswordHash(hasher, password);
      const now = clock();
      const id = randomUUID();
      const link = passwordHash === null ? newLink(id, now) : undefined;
      const operator = { id, email: address, passwordHash, createdAt: now, passwordChangedAt: passwordHash === null ? null : now };
      if (!(await store.create(operator, link?.record))) {
        throw new OperatorRefusal('email_taken', `There is an operator ${address} already.`);
      }
      return link?.outcome ?? {};
    },

    async list() {
      const now = clock();
      const operators = await store.list(now, now - SESSION_IDLE_MS);
      return operators.map((o) => ({ email: o.email, createdAt: o.createdAt, hasPassword: o.passwordHash !== null, activeSessions: o.activeSessions }));
    },

    async remove(email) {
      return store.remove(comparableAddress(email));
    },

    async reset(email, password) {
      const operator = await store.findByEmail(comparableAddress(email));
      if (!operator) return undefined;
      const passwordHash = await newPasswordHash(hasher, password);
      const now = clock();
      const link = passwordHash === null ? newLink(operator.id, now) : undefined;
      await store.replaceCredentials(operator.id, { passwordHash, at: now, link: link?.record });
      return link?.outcome ?? {};
    },
  };
}
