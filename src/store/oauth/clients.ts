import type { CompiledQuery, Selectable } from 'kysely';
import type { ClientMetadata, ClientRecord, ClientStore } from '../../oauth/ports.js';
import { fromStore } from '../../oauth/errors.js';
import type { Db } from '../db/database.js';
import type { OAuthClientTable } from '../db/schema.js';

type ClientRow = Selectable<OAuthClientTable>;

/** The ClientStore port on the oauth_clients table. */
export class KyselyClientStore implements ClientStore {
  /**
   * Compiled once, run with each client_id: every token request looks its client up, and building and
   * compiling the Kysely query anew each time cost more than running it. The rows are not cached here:
   * AuthenticatedClients (src/oauth/client-auth.ts) keeps authenticated clients, their revocation checked
   * through the RevocationStore.
   */
  private readonly findQuery: CompiledQuery<ClientRow>;

  constructor(private readonly db: Db) {
    this.findQuery = db.kysely.selectFrom('oauth_clients').selectAll().where('client_id', '=', '').compile();
  }

  async create(client: ClientRecord): Promise<void> {
    await fromStore(() => this.db.kysely.insertInto('oauth_clients').values({
      client_id: client.clientId,
      secret_hash: client.secretHash,
      client_name: client.metadata.client_name,
      metadata: JSON.stringify(client.metadata),
      created_at: client.createdAt,
      revoked_at: null,
    }).execute());
  }

  async find(clientId: string): Promise<ClientRecord | undefined> {
    const { rows: [row] } = await fromStore(() => this.db.kysely.executeQuery<ClientRow>({ ...this.findQuery, parameters: [clientId] }));
    return row && toRecord(row);
  }

  async list(): Promise<ClientRecord[]> {
    const rows = await fromStore(() => this.db.kysely.selectFrom('oauth_clients').selectAll().orderBy('created_at').execute());
    return rows.map(toRecord);
  }

  async markRevoked(clientId: string, at: number): Promise<boolean> {
    const result = await fromStore(() => this.db.kysely.updateTable('oauth_clients').set({ revoked_at: at })
      .where('client_id', '=', clientId).executeTakeFirst());
    return Number(result.numUpdatedRows) > 0;
  }
}

function toRecord(row: ClientRow): ClientRecord {
  return {
    clientId: row.client_id,
    secretHash: row.secret_hash,
    metadata: JSON.parse(row.metadata) as ClientMetadata,
    createdAt: Number(row.created_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}
