// The progress of long commands (`images build`, `backup`, `inbox export`): one line on the operator's
// terminal, rewritten in place and erased when the work ends. Piped or redirected, the stream gets
// nothing: a script or a log reads only what the command prints anyway.

/** Where the line goes: standard error, seen as a terminal only when it is one. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

/** A count is redrawn at most this often: an export of thousands of rows would otherwise redraw thousands of times. */
const REDRAW_MS = 100;
const ERASE_TO_END = '\x1b[K';

export class ProgressLine {
  private shown = false;
  private drawnAt = -Infinity;

  constructor(private readonly stream: ProgressStream, private readonly now: () => number = () => performance.now()) {}

  /** A step of the work (`backup: copying 12.0 MB`), shown at once in place of the line before. */
  step(text: string): void {
    if (!this.stream.isTTY) return;
    // One row only: a line wider than the terminal would wrap, and `\r` would then return to its second row.
    // A terminal that tells no width (0, as some pseudo-terminals do) is taken to have 80 columns.
    const width = (this.stream.columns || 80) - 1;
    this.stream.write(`\r${text.length > width ? text.slice(0, width) : text}${ERASE_TO_END}`);
    this.shown = true;
    this.drawnAt = this.now();
  }

  /** `label: done/total unit`; redrawn at most every REDRAW_MS, except the first and the last count. */
  count(label: string, done: number, total: number, unit: string): void {
    if (this.shown && done < total && this.now() - this.drawnAt < REDRAW_MS) return;
    this.step(`${label}: ${done}/${total} ${unit}`);
  }

  /** Erases the line, so what is printed next starts on a clean one. */
  clear(): void {
    if (!this.shown) return;
    this.stream.write(`\r${ERASE_TO_END}`);
    this.shown = false;
  }
}
