// Starts the service from the configuration, and stops or reloads it on signals (src/main.ts loads this).
import { compose } from './compose.js';
import { ConfigError, loadConfig } from './config/load.js';
import { ContentError } from './catalog/load.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await compose(config);
  await runtime.listen();
  runtime.logger.info({ baseUrl: config.baseUrl, port: config.port, host: config.host }, 'studio-api ready');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const started = performance.now();
    const force = setTimeout(() => {
      runtime.logger.error({ waitingFor: runtime.closing, graceMs: SHUTDOWN_GRACE_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    runtime.close().then(() => {
      runtime.logger.info({ ms: Math.round(performance.now() - started) }, 'stopped');
      process.exit(0);
    }, (error: unknown) => {
      runtime.logger.error({ err: error, during: runtime.closing }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // The content is read again and served without a restart; content that does not load keeps the old.
  process.on('SIGHUP', () => {
    runtime.logger.info({ signal: 'SIGHUP' }, 'reloading the content');
    void runtime.reload();
  });
}

main().catch((error: unknown) => {
  // Configuration and content problems are the operator's to fix: say what is wrong, without a stack.
  if (error instanceof ConfigError || error instanceof ContentError) {
    process.stderr.write(`studio-api cannot start. ${error.message}\n`);
  } else {
    process.stderr.write(`studio-api cannot start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
