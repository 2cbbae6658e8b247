import type { Database } from 'better-sqlite3';
import type { RevocationFeed, RevocationListener } from '../oauth/ports.js';

/**
 * The RevocationFeed on SQLite, which cannot push. Every other writer of the file (a second instance,
 * the operator command `studio clients revoke`) is another connection, and `PRAGMA data_version` changes
 * when any other connection commits: checked per request (a prepared statement, about a microsecond), a
 * change means "re-read the revocations", and until that read is done requests ask the store. Revocations
 * made through this connection are remembered in process by the listener. So revocation stays exact.
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
    const version = this.dataVersion.get();
    if (version === this.version) return;
    this.version = version;
    this.listener?.lost();
    this.listener?.connected();
  }

  async close(): Promise<void> {}
}
