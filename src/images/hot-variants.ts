/**
 * The variants served most lately, in memory, up to a byte budget: a request for one of them is a buffer
 * write, not a stat, an open and a read of the disk cache. The least recently served leave first. A key
 * names its bytes for good (recipe.ts), so nothing here is ever stale.
 */
export class HotVariants {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(key: string): Buffer | undefined {
    const bytes = this.entries.get(key);
    if (bytes) {
      // Map keeps insertion order: moving the entry to the end marks it as the most recently served.
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }

  /** Keeps a variant unless it alone would take more than an eighth of the budget (it would push out many). */
  set(key: string, bytes: Buffer): void {
    if (bytes.length > this.budget / 8 || this.entries.has(key)) return;
    this.entries.set(key, bytes);
    this.bytes += bytes.length;
    for (const [oldest, held] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(oldest);
      this.bytes -= held.length;
    }
  }
}
