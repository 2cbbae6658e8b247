/**
 * Group commit: items submitted while a batch is being committed wait, and go together in the next one,
 * so that concurrent writers share one transaction (and one fsync) instead of queuing for one each.
 * Nothing waits for company: when idle, a batch starts right after the current turn of the event loop
 * (setImmediate, no timer), with whatever arrived in that turn; the next starts as soon as the previous
 * one settles. One batch at a time, at most `maxBatch` items each, in the order they came.
 */
export class GroupCommitter<T, R> {
  private readonly waiting: Array<{ item: T; resolve: (value: R) => void; reject: (reason: unknown) => void }> = [];
  private running = false;

  /**
   * `commitBatch` settles each item of the batch on its own (a member that fails alone does not fail the
   * others); when it throws, every item of that batch is rejected with its error.
   */
  constructor(
    private readonly commitBatch: (items: T[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly maxBatch: number,
  ) {
    if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError(`a batch holds at least 1 item (got ${maxBatch})`);
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        const results = await this.commitBatch(batch.map((w) => w.item));
        batch.forEach((w, i) => {
          const result = results[i]!;
          if (result.status === 'fulfilled') w.resolve(result.value);
          else w.reject(result.reason);
        });
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.running = false;
  }
}
