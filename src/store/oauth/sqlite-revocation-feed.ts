import type { Database } from 'better-sqlite3';
import type { RevocationFeed, RevocationListener } from '../../oauth/ports.js';

/** The version last read, while the check fails. */
const UNREADABLE = Symbol('data_version not readable');

/**
 * The RevocationFeed on SQLite, which cannot push. Every other writer of the file (a second instance,
 * the operator command `studio clients revoke`) is another connection, and `PRAGMA data_version` changes
 * when any other connection commits: checked per request (a prepared statement, about a microsecond), a
 * change means "re-read the revocations", and until that read is done requests ask the store. Revocations
 * made through this connection are remembered in process by the listener. So revocation stays exact.
 * A check that fails counts as a lost feed, never as an error of the request.
 */
export class SqliteRevocationFeed implements RevocationFeed {
  private readonly dataVersion;
  private version: unknown;
  private listener: RevocationListener | undefined;

  constructor(database: Database) {
    this.dataVersion = database.prepare('pragma data_version').pluck();
  }

  start(listener: RevocationListener): void {
    this.listener = listener;
    this.version = this.dataVersion.get();
    listener.connected();
  }

  confirm(): void {
    let version: unknown;
    try {
      version = this.dataVersion.get();
    } catch {
      // The file cannot be read (a lock held too long, an I/O error): memory is no longer known to be
      // complete, so requests ask the store, which answers StoreUnavailable (auth_unavailable) while it fails.
      // The first check that reads a version again re-reads the revocations.
      if (this.version !== UNREADABLE) this.listener?.lost();
      this.version = UNREADABLE;
      return;
    }
    if (version === this.version) return;
    this.version = version;
    this.listener?.lost();
    this.listener?.connected();
  }

  async close(): Promise<void> {}
}
