/** `shape` as JSON, with its `padding` string grown so that the body is exactly `bytes` long (ASCII). */
export function jsonOfSize(bytes: number, shape: (padding: string) => unknown): string {
  const overhead = JSON.stringify(shape('')).length;
  const body = JSON.stringify(shape('x'.repeat(bytes - overhead)));
  if (Buffer.byteLength(body) !== bytes) throw new Error(`body of ${Buffer.byteLength(body)} bytes, wanted ${bytes}`);
  return body;
}
