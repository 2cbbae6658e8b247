import type { Migration } from 'kysely/migration';
import { inquiriesMigration } from './001_inquiries.js';
import { oauthMigration } from './002_oauth.js';
import { triageMigration } from './003_triage.js';
import { operatorsMigration } from './004_operators.js';
import { acknowledgementsMigration } from './005_acknowledgements.js';
import { pipelineMigration } from './006_pipeline.js';
import { conversationsMigration } from './007_conversations.js';
import { digestsMigration } from './008_digests.js';
import { searchMigration } from './009_search.js';
import { consultationsMigration } from './010_consultations.js';
import { inquiryLanguageMigration } from './011_inquiry_language.js';

// Versioned migrations, applied in name order at start-up and by `studio migrate`.
// Each capability adds its files here with the next number.
export const migrations: Record<string, Migration> = {
  '001_inquiries': inquiriesMigration,
  '002_oauth': oauthMigration,
  '003_triage': triageMigration,
  '004_operators': operatorsMigration,
  '005_acknowledgements': acknowledgementsMigration,
  '006_pipeline': pipelineMigration,
  '007_conversations': conversationsMigration,
  '008_digests': digestsMigration,
  '009_search': searchMigration,
  '010_consultations': consultationsMigration,
  '011_inquiry_language': inquiryLanguageMigration,
};
