/**
 * Runs chain writes (mining, reorgs, transaction admission, scenario steps) one at a time, in
 * arrival order, so every read between two writes sees one consistent chain. A failed write
 * rejects its own caller only; the queue carries on.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(write: () => Promise<T>): Promise<T> {
    const result = this.tail.then(write)
    this.tail = result.catch(() => undefined)
    return result
  }

  /** Resolves once every write queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined)
  }
}
