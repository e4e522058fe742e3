/**
 * Runs chain writes (mining, reorgs, transaction admission, scenario steps) one at a time, in
 * arrival order, so every read between two writes sees one consistent chain. A failed write
 * rejects its own caller only; the queue carries on.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve()
  /** Told as each write starts and ends (a recording orders what it records by them). */
  observer: WriteObserver | undefined

  run<T>(write: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => (this.observer ? this.observed(write, this.observer) : write()))
    this.tail = result.catch(() => undefined)
    return result
  }

  private async observed<T>(write: () => Promise<T>, observer: WriteObserver): Promise<T> {
    observer.started()
    try {
      return await write()
    } finally {
      observer.ended()
    }
  }

  /** Resolves once every write queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined)
  }
}

/** What watches a queue's writes: called inside each write's own asynchronous context. */
export interface WriteObserver {
  started(): void
  ended(): void
}
