/**
 * Group commit: items submitted while a batch is being committed wait, and go together in the next one,
 * so that concurrent writers share one transaction (and one fsync) instead of queuing for one each.
 * Nothing waits for company: when idle, a batch starts right after the current turn of the event loop
 * (setImmediate, no timer), with whatever arrived in that turn; the next starts as soon as the previous
 * one settles. At most `concurrency` batches at a time (a store whose commit waits on the network can
 * fill the next batch while one is under way), at most `maxBatch` items each, in the order they came.
 */
export class GroupCommitter<T, R> {
  private readonly waiting: Array<{ item: T; resolve: (value: R) => void; reject: (reason: unknown) => void }> = [];
  private running = 0;

  /**
   * `commitBatch` settles each item of the batch on its own (a member that fails alone does not fail the
   * others); when it throws, every item of that batch is rejected with its error.
   */
  constructor(
    private readonly commitBatch: (items: T[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly maxBatch: number,
    private readonly concurrency = 1,
  ) {
    if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError(`a batch holds at least 1 item (got ${maxBatch})`);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`at least 1 batch at a time (got ${concurrency})`);
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.running < this.concurrency) {
        this.running += 1;
        setImmediate(() => void this.drain());
      }
    });
  }

  /** One lane of batches: runs them one after the other until nothing waits. */
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
    this.running -= 1;
  }
}
