import type { Migration } from 'kysely';
import { oauthMigration } from './002_oauth.js';

// Versioned migrations, applied in name order at start-up and by `studio migrate`.
// Each capability adds its files here with the next number.
export const migrations: Record<string, Migration> = {
  '002_oauth': oauthMigration,
};
