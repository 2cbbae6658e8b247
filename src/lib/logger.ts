/**
 * The logging that use cases, workers and adapters need. Fastify's and pino's loggers satisfy it, so code
 * outside the HTTP layer logs without importing either.
 */
export interface Logger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}
