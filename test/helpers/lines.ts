import type { Readable } from 'node:stream';

/** Collects the non-empty lines a stream writes (a child's JSON log lines) into `into`, as they complete. */
export function collectLines(stream: Readable, into: string[]): void {
  let buffer = '';
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    into.push(...parts.filter(Boolean));
  });
}
