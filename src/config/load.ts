import { readContent, type ContentConfig } from './content.js';
import { readDigest, type DigestConfig } from './digest.js';
import { readConsultations, type ConsultationsConfig } from './consultations.js';
import { readConversations, type ConversationsConfig } from './conversations.js';
import { readHttpLimits, type HttpLimitsConfig } from './http-limits.js';
import { readLegacy, type LegacyConfig } from './legacy.js';
import { readNotifications, type NotificationsConfig } from './notifications.js';
import { readOAuth, type OAuthConfig } from './oauth.js';
import { readObservability, type ObservabilityConfig } from './observability.js';
import { readOutbox, type OutboxConfig } from './outbox.js';
import { readRateLimits, type RateLimitsConfig } from './rate-limits.js';
import { ConfigError, Reader, type Env } from './reader.js';
import { readServer, type ServerConfig } from './server.js';
import { readStore, type StoreConfig } from './store.js';
import { readStudio, type StudioConfig } from './studio.js';

// The one place that reads the environment. Every variable is parsed and checked here, once, at
// start-up; a bad value stops the start with a message that names the variable, every bad one at once.
// Each section (a file of this folder) is what one part of the service is given by the composition root.

/** The whole configuration: only the composition root and the entry points that load it see all of it. */
export type Config = ServerConfig & HttpLimitsConfig & StoreConfig & RateLimitsConfig & ContentConfig
  & ObservabilityConfig & LegacyConfig & NotificationsConfig & OutboxConfig & OAuthConfig & StudioConfig & DigestConfig & ConversationsConfig & ConsultationsConfig;

export { ConfigError };

export function loadConfig(env: Env = process.env): Config {
  const r = new Reader(env);
  const config: Config = {
    ...readServer(r),
    ...readLegacy(r),
    ...readNotifications(r),
    ...readStore(r),
    ...readRateLimits(r),
    ...readContent(r),
    ...readObservability(r),
    ...readOAuth(r),
    ...readOutbox(r),
    ...readHttpLimits(r),
    ...readStudio(r),
    ...readDigest(r),
    ...readConsultations(r),
    ...readConversations(r),
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
