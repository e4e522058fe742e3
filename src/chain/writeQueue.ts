/**
 * Runs chain writes (mining, reorgs, transaction admission, scenario steps) one at a time, in
 * arrival order, so every read between two writes sees one consistent chain. A failed write
 * rejects its own caller only; the queue carries on.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve()
  /**
   * Called as each write ends, inside the queue and before its caller hears of it (a state file's journal writes
   * what it changed there). Should it throw, a write that succeeded rejects with that error instead.
   */
  afterEach: (() => void) | undefined
  /** Told as each write starts and ends (a recording orders what it records by them). */
  observer: WriteObserver | undefined

  run<T>(write: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => this.settle(write))
    this.tail = result.catch(() => undefined)
    return result
  }

  private async settle<T>(write: () => Promise<T>): Promise<T> {
    const observer = this.observer
    observer?.started()
    let value: T
    try {
      value = await write()
    } catch (error) {
      observer?.ended()
      // What a failed write changed before it failed is recorded too; its own error is the one told.
      try {
        this.afterEach?.()
      } catch {}
      throw error
    }
    observer?.ended()
    this.afterEach?.()
    return value
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
