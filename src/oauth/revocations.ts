import { ACCESS_TOKEN_LIFETIME_SECONDS, CLOCK_TOLERANCE_SECONDS } from '../contract/oauth.js';
import type { Clock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import type { Logger } from '../lib/logger.js';
import type { Revocation, RevocationFeed, RevocationListener, RevocationStore } from './ports.js';

/** What a revocation covers: one token (by jti) or every token of a client. The store keeps these as its keys. */
export const revocationSubject = {
  token: (jti: string) => `jti:${jti}`,
  client: (clientId: string) => `client:${clientId}`,
};

/** How long a revocation must outlive its token: until the last verifier would still accept it. */
export const TOKEN_ACCEPTED_MS = (ACCESS_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000;

/** A failed re-read of the store (down, or not migrated yet) is tried again this often while the feed is up. */
const RESYNC_RETRY_MS = 1_000;
/** Expired revocations are swept from memory when the set has grown past this many (and past twice its last size). */
const SWEEP_FROM = 1_024;

/**
 * The revocation store as the verifier uses it: the live revocations in memory, trusted only while the
 * feed is connected AND the store has been read in full since it (re)connected; until then, and while
 * it is disconnected, every request asks the store (exact, as without a feed). A revocation made in
 * this process is remembered at once, without waiting for the feed to bring it back.
 */
export class KnownRevocations implements RevocationStore, RevocationListener {
  private readonly inForce = new Map<string, number>();
  private synced = false;
  /** Bumped on every connect and loss, so a re-read that started before a loss cannot mark the set synced. */
  private generation = 0;
  private sweepAt = SWEEP_FROM;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly store: RevocationStore,
    private readonly feed: RevocationFeed,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly storeReady: Promise<void> = Promise.resolve(),
  ) {}

  start(): void {
    this.feed.start(this);
  }

  async revokeToken(jti: string, expiresAt: number): Promise<void> {
    await this.store.revokeToken(jti, expiresAt);
    this.remember({ subject: revocationSubject.token(jti), expiresAt });
  }

  async revokeClient(clientId: string, until: number): Promise<void> {
    await this.store.revokeClient(clientId, until);
    this.remember({ subject: revocationSubject.client(clientId), expiresAt: until });
  }

  isRevoked(jti: string, clientId: string, now: number): Promise<boolean> {
    const known = this.revokedNow(jti, clientId, now);
    return known === undefined ? this.store.isRevoked(jti, clientId, now) : Promise.resolve(known);
  }

  revokedNow(jti: string, clientId: string, now: number): boolean | undefined {
    if (!this.memoryTrusted()) return undefined;
    return this.holds(revocationSubject.token(jti), now) || this.holds(revocationSubject.client(clientId), now);
  }

  isClientRevoked(clientId: string, now: number): Promise<boolean> {
    if (!this.memoryTrusted()) return this.store.isClientRevoked(clientId, now);
    return Promise.resolve(this.holds(revocationSubject.client(clientId), now));
  }

  live(now: number): Promise<Revocation[]> {
    return this.store.live(now);
  }

  async purge(now: number): Promise<void> {
    await this.store.purge(now);
    this.forgetExpired(now);
  }

  connected(): void {
    this.synced = false;
    void this.resync(++this.generation);
  }

  revoked(revocation: Revocation): void {
    this.remember(revocation);
  }

  lost(): void {
    this.synced = false;
    this.generation++;
    clearTimeout(this.retryTimer);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.lost();
    await this.feed.close();
  }

  /**
   * Reads every live revocation after the feed (re)connected: one made before the connection is in the
   * store, one made after it is told by the feed (the union is kept). Only then is memory trusted.
   */
  private async resync(generation: number): Promise<void> {
    try {
      await this.storeReady;
      const live = await this.store.live(this.clock());
      if (generation !== this.generation) return;
      for (const revocation of live) this.remember(revocation);
      this.synced = true;
    } catch (error) {
      if (generation !== this.generation || this.closed) return;
      this.log.warn({ err: errorClass(error) }, 'revocations could not be read; bearer requests ask the store until they are');
      this.retryTimer = setTimeout(() => void this.resync(generation), RESYNC_RETRY_MS);
      this.retryTimer.unref();
    }
  }

  /** Whether memory may answer now: the feed confirms first (SQLite's check for other writers), then it must be synced. */
  private memoryTrusted(): boolean {
    this.feed.confirm?.();
    return this.synced;
  }

  private holds(subject: string, now: number): boolean {
    const expiresAt = this.inForce.get(subject);
    return expiresAt !== undefined && expiresAt > now;
  }

  private remember({ subject, expiresAt }: Revocation): void {
    this.inForce.set(subject, Math.max(expiresAt, this.inForce.get(subject) ?? 0));
    if (this.inForce.size < this.sweepAt) return;
    this.forgetExpired(this.clock());
    this.sweepAt = Math.max(SWEEP_FROM, this.inForce.size * 2);
  }

  private forgetExpired(now: number): void {
    for (const [subject, expiresAt] of this.inForce) if (expiresAt <= now) this.inForce.delete(subject);
  }
}
