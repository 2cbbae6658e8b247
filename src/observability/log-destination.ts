import { writeSync } from 'node:fs';
import type { DestinationStream } from 'pino';

const STDOUT = 1;
/** What is kept while stdout refuses writes (a stalled reader); lines beyond it are dropped, and counted. */
const BACKLOG_LIMIT_BYTES = 8 * 1024 * 1024;
const RETRY_MS = 20;

/**
 * stdout for pino: the lines logged during a turn of the event loop (every request answered in it) are
 * joined and written at its end, in one write(2) that does not block. pino's asynchronous destination
 * started a write through libuv's thread pool for nearly every request's line, 10 % of a read in the
 * profile (a pool thread woken per write); its synchronous one busy-waits (atomic-sleep) while a pipe is
 * full. Here a refused or partial write (EAGAIN, a stalled reader) leaves the rest in a bounded backlog,
 * retried on a timer, so the event loop never waits for the log. An idle process writes a line at once;
 * what is pending is written when the process exits (shutdown, process.exit, an uncaught error), as far
 * as stdout takes it then: no timer runs after the exit, so a reader stalled at that moment loses the rest.
 */
export class TurnBatchedStdout implements DestinationStream {
  private lines: string[] = [];
  private scheduled = false;
  private backlog: Buffer | undefined;
  private retry: NodeJS.Timeout | undefined;
  private droppedChunks = 0;
  private closed = false;

  constructor(private readonly fd = STDOUT) {
    // Node opens its stdout handle lazily, and opening it makes a pipe or socket non-blocking (libuv).
    // Inherited from a supervisor (docker, systemd, a shell's pipe) it is blocking until then, and a
    // stalled reader would stop the event loop in write(2) instead of answering EAGAIN. (The handle is
    // opened, never written to; the listener keeps an error of it from throwing.)
    if (fd === STDOUT) process.stdout.on('error', () => undefined);
    process.on('exit', () => this.flushSync());
  }

  write(line: string): void {
    if (this.closed) return;
    this.lines.push(line);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.handOver);
  }

  /** Writes what is pending now, a backlog waiting for its retry included (pino's logger.flush, and the exit). */
  flushSync(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    this.handOver();
  }

  flush(callback?: (error?: Error) => void): void {
    this.flushSync();
    callback?.();
  }

  private readonly handOver = (): void => {
    this.scheduled = false;
    if (this.lines.length > 0) this.enqueue(Buffer.from(this.lines.join('')));
    this.lines = [];
    if (!this.retry) this.writeBacklog();
  };

  private enqueue(chunk: Buffer): void {
    if ((this.backlog?.length ?? 0) + chunk.length > BACKLOG_LIMIT_BYTES) {
      this.droppedChunks += 1;
      return;
    }
    if (this.droppedChunks > 0 && !this.backlog) {
      chunk = Buffer.concat([Buffer.from(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'log lines dropped: stdout did not take them', chunks: this.droppedChunks })}\n`), chunk]);
      this.droppedChunks = 0;
    }
    this.backlog = this.backlog ? Buffer.concat([this.backlog, chunk]) : chunk;
  }

  private writeBacklog(): void {
    this.retry = undefined;
    try {
      while (this.backlog) {
        const written = writeSync(this.fd, this.backlog);
        this.backlog = written === this.backlog.length ? undefined : this.backlog.subarray(written);
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
        this.retry = setTimeout(() => this.writeBacklog(), RETRY_MS).unref();
        return;
      }
      // stdout is gone (EPIPE) or unusable: logging stops rather than failing requests.
      this.closed = true;
      this.backlog = undefined;
    }
  }
}

let processStdout: TurnBatchedStdout | undefined;

/** The process's one stdout destination: every logger of it shares one batch per turn and one exit hook. */
export function stdoutDestination(): TurnBatchedStdout {
  processStdout ??= new TurnBatchedStdout();
  return processStdout;
}
