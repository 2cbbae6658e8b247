import type { CryptoKey } from 'jose';
import type { Clock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import type { Logger } from '../lib/logger.js';
import { StoreUnavailable } from './errors.js';
import { KEY_REFRESH_SECONDS, type StoredKey } from './ports.js';
import { importSigningKey, type SigningKey } from './signing-key.js';

/**
 * Where the keys come from: the database (shared by every instance) or OAUTH_SIGNING_KEY, which is
 * `fixed`: no other instance can add a key to it, so an unknown kid is not worth a second look.
 */
export type KeySource = ((now: number) => Promise<StoredKey[]>) & { fixed?: boolean };

/** Waits `ms` milliseconds; injected so that tests move their clock instead of waiting. */
export type Delay = (ms: number) => Promise<void>;

const realDelay: Delay = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

const REFRESH_MS = KEY_REFRESH_SECONDS * 1000;
/** An unknown kid triggers a re-read at most this often, so random kids cannot hammer the database. */
const UNKNOWN_KID_REFRESH_MS = 5_000;
const WARM_UP_RETRY_MS = 5_000;

/**
 * The key set in memory, loaded lazily. Verifying (every API request with a token) is served the keys in
 * hand while a stale set is re-read behind it (stale-while-revalidate); signing and publishing wait for a
 * stale set to be re-read, since RETIRE_AFTER_MS counts on no instance signing with a rotated key longer
 * than KEY_REFRESH_SECONDS. While the store is unreachable the last known keys keep serving, and with none
 * loaded yet callers get StoreUnavailable.
 */
export class KeyRing {
  private keys: SigningKey[] | undefined;
  private loadedAt = Number.NEGATIVE_INFINITY;
  /** When the last read of the store ended, whether it succeeded or not. */
  private readAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<SigningKey[]> | undefined;
  private deferredRead: Promise<SigningKey[]> | undefined;
  private readonly imported = new Map<string, Promise<SigningKey>>();
  private warmUpTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly source: KeySource, private readonly clock: Clock, private readonly log: Logger,
    private readonly delay: Delay = realDelay,
  ) {}

  /**
   * Loads (and on first start creates) the keys once `storeReady` resolves, retrying in the background
   * until the store answers. Reading before the migrations ran would only find no table.
   */
  warmUp(storeReady: Promise<void> = Promise.resolve()): void {
    void storeReady.then(() => this.loadForWarmUp());
  }

  private loadForWarmUp(): void {
    if (this.closed) return;
    this.current().catch((error: unknown) => {
      if (this.closed) return;
      this.log.warn({ err: errorClass(error) },
        'OAuth signing keys not loaded yet (store unavailable); OAuth answers 503 until they are; retrying');
      this.warmUpTimer = setTimeout(() => this.loadForWarmUp(), WARM_UP_RETRY_MS);
      this.warmUpTimer.unref();
    });
  }

  /** The key set, re-read first when it is older than KEY_REFRESH_SECONDS. */
  async current(): Promise<SigningKey[]> {
    if (this.keys && this.clock() - this.loadedAt < REFRESH_MS) return this.keys;
    return this.reload();
  }

  /** The newest key that has not been rotated out signs. */
  async signer(): Promise<SigningKey> {
    const signers = (await this.current()).filter((k) => k.rotatedAt === null);
    const signer = signers.at(-1);
    if (!signer) throw new StoreUnavailable(new Error('no signing key'));
    return signer;
  }

  /** The public key of `kid` among our own keys only; undefined for any other kid. */
  async verificationKey(kid: string): Promise<CryptoKey | undefined> {
    const found = (await this.inHand()).find((k) => k.kid === kid);
    if (found || this.source.fixed) return found?.publicKey;
    return (await this.rereadForUnknownKid()).find((k) => k.kid === kid)?.publicKey;
  }

  /**
   * An unknown kid may be a key another instance rotated in since our last read, so the store is read
   * again, but at most once per UNKNOWN_KID_REFRESH_MS so that random kids cannot hammer it. Inside that
   * window the read is deferred, not skipped: a key rotated in just after our last read is still found.
   */
  private rereadForUnknownKid(): Promise<SigningKey[]> {
    const wait = this.readAt + UNKNOWN_KID_REFRESH_MS - this.clock();
    if (wait <= 0) return this.reload();
    this.deferredRead ??= this.delay(wait).then(() => {
      this.deferredRead = undefined;
      return this.reload();
    });
    return this.deferredRead;
  }

  /**
   * The loaded public key of `kid`, without waiting: undefined when no key set is loaded or it lacks
   * `kid` (retired). A remembered verification counts only while this still returns its key.
   */
  loadedKey(kid: string): CryptoKey | undefined {
    return this.keys && this.refreshBehind(this.keys).find((k) => k.kid === kid)?.publicKey;
  }

  /** The loaded keys at once; a stale set is re-read without waiting for it. */
  private async inHand(): Promise<SigningKey[]> {
    return this.keys ? this.refreshBehind(this.keys) : this.reload();
  }

  private refreshBehind(keys: SigningKey[]): SigningKey[] {
    // Not awaited. load() logs a failed refresh and keeps the loaded keys; the catch is only a safety net.
    if (this.clock() - this.loadedAt >= REFRESH_MS) void this.reload().catch(() => undefined);
    return keys;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.warmUpTimer);
  }

  private reload(): Promise<SigningKey[]> {
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
      this.readAt = this.clock();
    });
    return this.loading;
  }

  private async load(): Promise<SigningKey[]> {
    try {
      const stored = await this.source(this.clock());
      this.keys = await Promise.all(stored.map((key) => this.importKey(key)));
      this.loadedAt = this.clock();
      return this.keys;
    } catch (error) {
      if (!this.keys) throw error instanceof StoreUnavailable ? error : new StoreUnavailable(error);
      // Keep serving the keys we know; try the store again soon.
      this.log.warn({ err: errorClass(error) }, 'OAuth signing keys could not be refreshed; using the loaded ones');
      this.loadedAt = this.clock() - REFRESH_MS + UNKNOWN_KID_REFRESH_MS;
      return this.keys;
    }
  }

  private async importKey(key: StoredKey): Promise<SigningKey> {
    let imported = this.imported.get(key.kid);
    if (!imported) {
      imported = importSigningKey(key, key.createdAt, key.rotatedAt);
      imported.catch(() => this.imported.delete(key.kid));
      this.imported.set(key.kid, imported);
    }
    return { ...(await imported), createdAt: key.createdAt, rotatedAt: key.rotatedAt };
  }
}
