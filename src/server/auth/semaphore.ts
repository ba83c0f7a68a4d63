/** Lets at most `slots` tasks run at once; the rest wait in line, first come first served. */
export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly slots: number;
  private readonly maxWaiting: number;

  constructor(options: { slots: number; maxWaiting: number }) {
    this.slots = options.slots;
    this.maxWaiting = options.maxWaiting;
  }

  /** False when the line is full: the caller should refuse rather than wait. */
  canQueue(): boolean {
    return this.running < this.slots || this.waiting.length < this.maxWaiting;
  }

  get active(): number {
    return this.running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` never drops below it in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
