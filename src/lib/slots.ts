/**
 * At most `size` tasks run at once; the others wait their turn, in the order they came. For work that
 * takes a core each (image encodes), so a burst of requests queues instead of running side by side.
 */
export class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`slots must be a whole number of at least 1 (got ${size})`);
    this.free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot take it in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
