// The operators use case as the web inbox (src/inbox/) and the operator command see it: accounts with
// argon2id password hashes, one-time sign-in links, server-side sessions and sign-in throttling.
// No Fastify, no Kysely: the stores are ports (./ports.ts), the adapters live in src/store/operators/.

/** A signed-in operator, as the inbox pages see them on every request. */
export interface OperatorSession {
  operatorId: string;
  email: string;
  /** The CSRF token of this session: every state-changing form carries it. */
  csrfToken: string;
}

/** A new session: `token` goes into the cookie, and only its hash is stored. */
export interface IssuedSession extends OperatorSession {
  token: string;
  /** The cookie's Max-Age: the absolute lifetime of the session. */
  maxAgeSeconds: number;
}

export type SignInOutcome =
  | { kind: 'signed_in'; session: IssuedSession }
  /** Unknown address or wrong password: the answer never says which. */
  | { kind: 'refused' }
  /** Too many attempts from this IP or on this account: try again after `retryAfterSeconds`. */
  | { kind: 'throttled'; retryAfterSeconds: number };

export type RedeemOutcome =
  | { kind: 'signed_in'; session: IssuedSession }
  | { kind: 'invalid_link' }
  | { kind: 'weak_password'; message: string };

/** What `add` and `reset` answer: without a password, the one-time sign-in link's token and when it expires. */
export interface CredentialOutcome {
  linkToken?: string;
  /** Epoch milliseconds; set with `linkToken`. */
  linkExpiresAt?: number;
}

export interface OperatorSummary {
  email: string;
  createdAt: number;
  /** False until the operator has set a password through a sign-in link, and again after a reset without one. */
  hasPassword: boolean;
  activeSessions: number;
}

export interface Operators {
  /** Checks the password in constant work whether or not the account exists; counts the attempt per IP and per account. */
  signIn(email: string, password: string, ip: string): Promise<SignInOutcome>;
  /** The session of a cookie value: undefined when unknown, idle too long, past its absolute expiry, or its operator was removed. */
  session(token: string): Promise<OperatorSession | undefined>;
  signOut(token: string): Promise<void>;
  /** The address a sign-in link was made for, while it is unused and unexpired (looking does not use it). */
  linkEmail(linkToken: string): Promise<string | undefined>;
  /** Sets the password of the link's operator, uses up the link, ends their other sessions and signs them in. */
  redeemLink(linkToken: string, password: string): Promise<RedeemOutcome>;

  // The operator command's side (`studio operators …`).
  /**
   * Adds an operator with this password, or without one: then the result carries a one-time sign-in link token.
   * Throws OperatorRefusal (./errors.ts) for an invalid address, one that is taken, or a password against the rules.
   */
  add(email: string, password?: string): Promise<CredentialOutcome>;
  list(): Promise<OperatorSummary[]>;
  /** Removes the operator and every session of theirs: they are signed out on every instance at once. */
  remove(email: string): Promise<boolean>;
  /**
   * Ends every session and voids unused links, then sets the new password or (without one) clears the old one
   * and returns a new sign-in link token; undefined for an unknown address. A password against the rules
   * throws OperatorRefusal and changes nothing.
   */
  reset(email: string, password?: string): Promise<CredentialOutcome | undefined>;
  /** Deletes the expired sessions and links (each is also deleted when seen, and at every sign-in with a password). */
  purgeExpired(): Promise<{ sessions: number; links: number }>;
}
