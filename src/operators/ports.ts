// The ports of the operators use case: one store over the three tables (operators, their sessions, their
// one-time sign-in links), since redeeming a link touches all three in one transaction, and the password
// hasher. The Kysely adapter is src/store/operators/; the hasher's is ./argon2-hasher.ts.

/** One operator account. The address is stored normalized (trimmed, NFC, lower-cased). */
export interface OperatorRecord {
  id: string;
  email: string;
  /** The argon2id PHC string; null until a password is set (through a sign-in link), or after a reset. */
  passwordHash: string | null;
  createdAt: number;
  passwordChangedAt: number | null;
}

/** A server-side session: only the SHA-256 of the cookie's token is stored. */
export interface SessionRecord {
  tokenHash: string;
  operatorId: string;
  createdAt: number;
  /** Written at most once a minute (the idle expiry counts from it). */
  lastSeenAt: number;
  /** The absolute expiry. */
  expiresAt: number;
}

/** A session with the address of its operator, as one read finds it. */
export interface SessionOfOperator extends SessionRecord {
  email: string;
}

/** A one-time sign-in link: only the SHA-256 of its token is stored. */
export interface SignInLinkRecord {
  tokenHash: string;
  operatorId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface SignInLinkOfOperator extends SignInLinkRecord {
  email: string;
}

/** An operator with the number of their sessions still alive at the time asked. */
export interface OperatorWithSessions extends OperatorRecord {
  activeSessions: number;
}

/** What replaces an operator's credentials: every session and unused link of theirs ends with it. */
export interface CredentialChange {
  /** The new hash, or null to leave the account without a password until `link` is redeemed. */
  passwordHash: string | null;
  at: number;
  /** A new sign-in link to store. */
  link?: SignInLinkRecord;
}

/** The redemption of a link: the password it sets and the session it starts (of the link's operator). */
export interface Redemption {
  linkHash: string;
  now: number;
  passwordHash: string;
  session: SessionRecord;
}

export interface OperatorStore {
  // Accounts.
  /** Inserts the operator (and its first sign-in link) in one transaction; false when the address is taken. */
  create(operator: OperatorRecord, link?: SignInLinkRecord): Promise<boolean>;
  findByEmail(email: string): Promise<OperatorRecord | undefined>;
  /** Every operator, oldest first, with their sessions alive at `now` (idle since no earlier than `idleSince`). */
  list(now: number, idleSince: number): Promise<OperatorWithSessions[]>;
  /** Deletes the operator with their sessions and links, in one statement; false when there was none. */
  remove(email: string): Promise<boolean>;
  /** Sets the password hash (or clears it), deletes every session and link of the operator, stores the new link. */
  replaceCredentials(operatorId: string, change: CredentialChange): Promise<void>;

  // Sessions.
  createSession(session: SessionRecord): Promise<void>;
  /** One indexed read: the session of this token hash with its operator's address. */
  findSession(tokenHash: string): Promise<SessionOfOperator | undefined>;
  touchSession(tokenHash: string, at: number): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;

  // Sign-in links.
  findLink(tokenHash: string): Promise<SignInLinkOfOperator | undefined>;
  deleteLink(tokenHash: string): Promise<void>;
  /**
   * In one transaction: uses up the link if it is unused and unexpired at `now` (a concurrent redemption
   * finds it used), sets the password, deletes every other session and link of the operator and stores the
   * new session. False, with nothing changed, when the link was not (or no longer) valid.
   */
  redeemLink(redemption: Redemption): Promise<boolean>;

  /** Deletes sessions past their absolute expiry or idle since before `idleSince`, and links past their expiry. */
  purgeExpired(now: number, idleSince: number): Promise<{ sessions: number; links: number }>;
}

/** A memory-hard password hash (argon2id). Implementations take their cost parameters from one place. */
export interface PasswordHasher {
  /** A self-describing hash string (PHC format, parameters and salt included). */
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash that cannot be read. */
  verify(hash: string, password: string): Promise<boolean>;
}
